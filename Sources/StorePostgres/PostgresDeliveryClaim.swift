import Foundation
import StoreEngine

/// The claim of one process, on any machine, to deliver one app's notifications from a store
/// on PostgreSQL: a session-level advisory lock held on a connection of its own.
///
/// The server drops the lock with the session, so a server that was killed or lost its
/// network gives way to another. The lock is keyed by the app, so servers of different apps on
/// one store each deliver their own; the two-key form keeps it apart from the writers' lock.
public final class PostgresDeliveryClaim: @unchecked Sendable {
    private let address: PostgresAddress
    private let app: String
    private let lock = NSLock()
    private var connection: PostgresConnection?
    private var held = false

    /// The first key of the lock (ASCII "ntfy"); the second is the app's hash.
    static let lockClass: Int32 = 0x6E74_6679

    public init(address: PostgresAddress, app: String) {
        self.address = address
        self.app = app
    }

    /// Whether this process holds the claim now, taking it when nobody does. Asks the server
    /// each time, so a connection lost since (and the lock with it) is noticed; throws when the
    /// server cannot be reached, which says nothing of who holds the claim.
    public func isHeld() throws(StoreUnreachable) -> Bool {
        lock.lock(); defer { lock.unlock() }
        if held, let connection, (try? connection.execute("SELECT 1")) != nil { return true }
        held = false
        do throws(PostgresStoreError) {
            let connection = try connectionToAsk()
            // hashtext runs on the one server every claimant asks, so all agree on the key.
            let rows = try connection.execute("SELECT pg_try_advisory_lock($1, hashtext($2))", [String(Self.lockClass), app])
            held = rows.first?.first == "t"
        } catch .unreachable(let store, let reason) {
            throw StoreUnreachable(store: store, reason: reason)
        } catch {
            // A server that refuses the statement gives no claim: nothing is sent twice.
        }
        return held
    }

    /// The connection to ask the server on, made anew when there is none or it broke; call
    /// under `lock`.
    private func connectionToAsk() throws(PostgresStoreError) -> PostgresConnection {
        if let connection, !connection.isBroken { return connection }
        connection = nil
        let fresh = try PostgresConnection(address)
        connection = fresh
        return fresh
    }

    /// Gives the claim up, for another server to take at once: the lock is released by a
    /// statement before the connection closes, since a closed session's locks are dropped by
    /// the server only when its backend has noticed, a moment later.
    public func release() {
        lock.withLock {
            if held, let connection {
                _ = try? connection.execute("SELECT pg_advisory_unlock($1, hashtext($2))", [String(Self.lockClass), app])
            }
            connection = nil
            held = false
        }
    }
}
