import Foundation
import StoreLedger
import StoreNotifications

/// The serving file of one app, held while this server serves the app, so the app's storefront
/// and `notifications` name a server.
///
/// A server that starts while another serves the app cannot take the file (it stands by for
/// the delivery, too); when the other stops, this one must take the file, or the app would be
/// served and its notifications delivered with nobody named. So the file is asked for again
/// after every pass of the delivery loop (once a second while standing by) until it is held.
///
/// A server that cannot record notification attempts, or that something at the delivery claim's
/// path keeps from the claim, delivers none, so it gives the file up while that lasts:
/// `notifications` then names the server that delivers, or says none does.
final class ServedAppPresence: @unchecked Sendable {
    private let family: LedgerFamily
    private let app: String
    /// Guards everything below.
    private let lock = NSLock()
    private var address: String?
    private var claim: ServerPresence.Claim?
    /// False while this server cannot record attempts, or cannot take the claim for what stands
    /// at its path, and so delivers nothing.
    private var delivers = true

    init(family: LedgerFamily, app: String) {
        self.family = family
        self.app = app
    }

    /// Announces `address` from now on, taking the file when it is free.
    func announce(_ address: String) {
        lock.withLock {
            self.address = address
            claimIfFree()
        }
    }

    /// Takes the file if this server does not hold it yet and it is free (after each pass).
    func claimIfMissing() {
        lock.withLock { claimIfFree() }
    }

    func release() {
        lock.withLock {
            claim?.release()
            claim = nil
            address = nil
        }
    }

    /// Follows the delivery loop's state: gives the file up while the server cannot record
    /// attempts or take the claim for what stands at its path, and asks for it again once it can.
    func follow(_ state: DeliveryState) {
        lock.withLock {
            switch state {
            case .cannotRecord, .claimBlocked:
                delivers = false
                claim?.release()
                claim = nil
            default:
                delivers = true
                claimIfFree()
            }
        }
    }

    /// Call under `lock`.
    private func claimIfFree() {
        guard claim == nil, delivers, let address else { return }
        claim = ServerPresence.claim(family, app: app, address: address)
    }
}
