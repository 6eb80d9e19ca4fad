import Foundation

/// The shapes of `store init`, `store migrate` and `store copy` with `--json`.
extension JSONShapes {
    public struct StoreInitResult: Codable, Sendable {
        /// The store's address, without its password.
        public var store: String
        /// True when this command made the store; false when it was there already.
        public var created: Bool
        public var schemaVersion: Int
        /// The store's key file on this machine, to copy to every teammate's.
        public var keyFile: String
    }

    public struct StoreMigrateResult: Codable, Sendable {
        public var store: String
        public var fromVersion: Int
        public var toVersion: Int
        /// False when the store had the schema this storefront writes already.
        public var changed: Bool
    }

    public struct StoreCopyResult: Codable, Sendable {
        public var from: String
        public var to: String
        /// How many events were copied.
        public var events: Int
        /// The key file the copy made for a new PostgreSQL target, on this machine.
        public var keyFileMade: String?
        /// The key file that signed the copied events into a PostgreSQL target (the one made,
        /// or the one there already); absent for a file target, whose key lies beside it.
        public var keyFile: String?
        /// With `--verified-only` from a damaged source: its first problem, from which on nothing
        /// was copied. Absent when everything was copied.
        public var leftOutFrom: String?
    }
}
