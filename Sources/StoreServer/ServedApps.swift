import Foundation
import StorefrontText

/// Every app one server serves, each with its own store: a request behind a bearer token goes
/// to the app its `bid` names and is checked with that app's keys; `/verifyReceipt` goes to
/// the app its receipt names.
///
/// A request only ever reaches one app's store, so one app's data is never answered to a token
/// of another.
public final class ServedApps: RouteAuthorizing, Sendable {
    /// In the order they were given; never empty.
    public let apps: [ServedStore]
    private let appsByBundleID: [String: ServedStore]

    /// - Precondition: `apps` is not empty and no two of them have one bundle id (the command
    ///   line refuses such a pair before it gets here).
    public init(_ apps: [ServedStore]) {
        precondition(!apps.isEmpty, "a server serves at least one app")
        self.apps = apps
        appsByBundleID = Dictionary(apps.map { ($0.bundleID, $0) }, uniquingKeysWith: { first, _ in
            preconditionFailure("two served apps have the bundle id \(first.bundleID)")
        })
    }

    /// The bundle ids served, in the order given.
    public var bundleIDs: [String] { apps.map(\.bundleID) }

    /// The served app whose bundle id is `bundleID`, if one is.
    public func app(_ bundleID: String) -> ServedStore? { appsByBundleID[bundleID] }

    /// The app the request's token names, once that app's keys verify it; a token naming no
    /// app served is refused as one with the wrong bundle id, before any signature is checked.
    public func authorize(_ request: HTTPRequest) throws(AppStoreAPIError) -> (caller: AuthorizedCaller, app: ServedStore) {
        let token = try BearerToken.read(headerValues: request.headerValues("Authorization"))
        guard let app = token.claimedBundleID.flatMap(app) else {
            throw .unauthorized(ServerText.TokenRefusal.wrongBundle(token.claimedBundleID, served: bundleIDs))
        }
        do {
            return (try app.authorize(token), app)
        } catch {
            // A key of another app served, with this app's bundle id: said so, rather than that
            // the store has no such key, which `api-key list` (of the other app) contradicts.
            guard let keyID = token.header.kid, error == BearerTokenCheck.unknownKeyRefusal(keyID),
                  let owner = apps.first(where: { $0 !== app && $0.store.inAppPurchaseKeys.contains { $0.keyID == keyID } })
            else { throw error }
            throw .unauthorized(ServerText.TokenRefusal.keyOfAnotherApp(keyID, owner: owner.bundleID, claimed: app.bundleID))
        }
    }

    /// The retryable 500 while `app`'s ledger is damaged (see `ServedStore.refusalOfUnknownIDs`).
    public func refusalOfUnknownIDs(in app: ServedStore) -> AppStoreAPIError? {
        app.refusalOfUnknownIDs()
    }
}
