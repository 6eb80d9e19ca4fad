import Foundation
import StoreEngine
import StoreSigning

/// Delivers the notifications that are due: signs each, sends it to the app's notification
/// URL, and records the attempt in the ledger, so retries follow Apple's schedule in store
/// time and nothing is lost when the process stops.
///
/// A crash after sending and before recording means the notification is sent again by the
/// next pass, with the same notificationUUID: a receiver may see one twice, never lose one.
public final class NotificationDeliveryWorker: @unchecked Sendable {
    private let store: Store
    private let feed: NotificationFeed
    private let signer: CurrentSigner
    private let sender: NotificationSender
    private let wallClock: @Sendable () -> Date

    public init(store: Store, feed: NotificationFeed, signer: CurrentSigner, sender: NotificationSender,
                wallClock: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.feed = feed
        self.signer = signer
        self.sender = sender
        self.wallClock = wallClock
    }

    /// One attempt made by a pass.
    public struct Attempt: Sendable, Equatable {
        public var notificationID: String
        public var outcome: NotificationDeliveryOutcome
    }

    /// Sends every notification due now, each once, and records each attempt; the attempts
    /// made. Nothing is sent while the app has no notification URL.
    @discardableResult
    public func deliverDue() throws -> [Attempt] {
        try store.refresh()
        // Renewals and expiries that fell due are recorded first, so their notifications go out too.
        if store.hasDueEvents { try store.catchUp() }
        let fold = try feed.refresh()
        var made: [Attempt] = []
        for notification in fold.due(at: store.now()) {
            // Read anew before each attempt: a URL changed while a slow receiver holds up the
            // pass reaches the notifications still waiting.
            try store.refresh()
            guard let url = store.snapshot.settings.notificationURL?.url else { break }
            // Not sent before the events it tells of are safe from a crash of the store's server.
            try store.makeReadEventsDurable()
            let token = try store.signedNotification(notification, signer: try signer.signer())
            let outcome = sender.send(NotificationRequestBody(signedPayload: token).encoded(), to: url)
            try store.recordAttempt(at: notification, outcome: outcome, sentAt: wallClock())
            made.append(Attempt(notificationID: notification.id, outcome: outcome))
        }
        return made
    }
}
