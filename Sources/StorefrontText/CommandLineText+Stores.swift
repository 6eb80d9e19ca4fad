extension CommandLineText {
    /// What `storefront store init|migrate|copy` say.
    public enum Stores {
        public static func created(_ store: String, keyPath: String) -> String {
            "created the store \(store); its key is \(keyPath): give each teammate a copy (mode 0600) at the same "
                + "place, or point STOREFRONT_STORE_KEY at it"
        }

        public static func alreadyThere(_ store: String, version: Int) -> String {
            "the store \(store) exists already (schema version \(version)); nothing changed"
        }

        public static func migrated(_ store: String, from: Int, to: Int) -> String {
            from == to ? "the store \(store) has schema version \(to) already; nothing changed"
                : "upgraded the store \(store) from schema version \(from) to \(to)"
        }

        public static func copied(_ count: Int, from: String, to: String) -> String {
            "copied \(count) event\(count == 1 ? "" : "s") from \(from) to \(to)"
        }

        public static func copySourceMissing(_ source: String) -> String {
            "the source \(source) does not exist, so nothing was copied and no target was made; check the path given "
                + "to --from"
        }

        public static func copySourceHasNoStore(_ source: String) -> String {
            "the source \(source) holds no store (no storefront tables), so nothing was copied and no target was made; "
                + "check that --from names the database you meant"
        }

        public static let emptyStoreVariable = "STOREFRONT_STORE is set but empty; unset it (the entitlements file is then "
            + "used) or give it a store's address (postgresql://user@host:port/database, or an entitlements file's path)"

        public static let copyNeedsBothEnds = "store copy needs --from FILE_OR_URL and --to FILE_OR_URL"

        public static func needsPostgres(_ command: String) -> String {
            "\(command) works on a PostgreSQL store: give --store URL (or set STOREFRONT_STORE)"
        }
    }
}
