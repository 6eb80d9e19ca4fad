internal import CPostgres
import Foundation
import StoreEngine

/// Where a store on PostgreSQL is: a libpq URI (`postgresql://…`) or keyword string (`host=… dbname=…`).
///
/// The text is handed to libpq unchanged, so every libpq setting works (`sslmode`, a password
/// from `PGPASSWORD` or `~/.pgpass`); what people see is `display`, which never holds a password.
public struct PostgresAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address as given, password included: only ever passed to libpq.
    let connectionString: String
    /// The address as messages show it, and how the commands they advise name the store.
    public let shown: ShownStoreAddress
    /// A file-name-safe name for the store, its own among all databases: its host, port and
    /// database (`PostgresStoreName`).
    public let storeName: String
    /// The name earlier versions gave the store's files, when it differs from `storeName`.
    public let formerStoreName: String?
    /// How `storeName` ends after its host (`-5432-shop`), when nothing in it was turned (no
    /// digest): a key file of another host's spelling for the same port and database ends so too.
    public let storeNameAfterHost: String?
    /// Whether the address (or `PGDATABASE`) names the database; if not, libpq connects to the
    /// database named after the role, which a new store is not made in (see `databaseNotNamed`).
    public let namesDatabase: Bool

    /// Whether `text` names a PostgreSQL store rather than a file: a URI with the
    /// `postgresql:` or `postgres:` scheme, or a libpq keyword string (`key=value …`).
    ///
    /// Blanks before it do not hide it: libpq allows them (and blanks around `=`) in a keyword
    /// string, and a URI pasted with one must be refused, not become a file of that name.
    public static func looksLikeAddress(_ text: String) -> Bool {
        let start = text.drop { $0.isWhitespace }
        if startsWithScheme(start) { return true }
        if start.range(of: #"^[A-Za-z_]+\s*="#, options: .regularExpression) != nil { return true }
        guard let firstWord = text.split(separator: " ").first, let equals = firstWord.firstIndex(of: "=") else { return false }
        return !firstWord[..<equals].isEmpty && !firstWord[..<equals].contains("/")
    }

    /// The start of `text` when it begins like a PostgreSQL URI that libpq would not read as
    /// one (`postgresql:/host/db`, `postgres:host`, `PostgreSQL://…`, `postgresql//host/db`):
    /// the scheme as written with the colon and slashes after it, for a refusal that quotes
    /// no password. Nil for a proper `postgresql://` or `postgres://` URI and anything else,
    /// such as `postgres/ledger.jsonl`, a file in a folder named postgres.
    public static func misspelledScheme(in text: String) -> String? {
        guard !looksLikeAddress(text) else { return nil }
        let lowered = text.lowercased()
        for scheme in ["postgresql", "postgres"] where lowered.hasPrefix(scheme + ":") || lowered.hasPrefix(scheme + "//") {
            let separator = text.dropFirst(scheme.count).prefix { $0 == ":" || $0 == "/" }
            return String(text.prefix(scheme.count + separator.count))
        }
        return nil
    }

    /// Whether `text`, which is not an address, reads like one with its scheme left out or its
    /// `=` typed as `:`: `user@host/db`, `host:5432/db`, `[::1]:5432/db`, `//host/db`, `host:5432`,
    /// `:5432/db`, `user@host:5432`, `user:password@host`, `user:password@`, `host:db1 dbname:shop`.
    /// Taken as a path it would quietly become a new entitlements file (or folders of them), a
    /// password in its name.
    /// A file name with an @ and no folder (`me@work.jsonl`, `a@b:c.jsonl`) is still a path.
    public static func lacksScheme(_ text: String) -> Bool {
        let start = text.drop { $0.isWhitespace }
        if start.hasPrefix("//") { return true }
        if start.range(of: #"^(host|hostaddr|port|dbname|user|password|sslmode|options)\s*:"#, options: .regularExpression) != nil {
            return true
        }
        let hostAndPort = #"^([A-Za-z0-9.\-]*|\[[0-9A-Fa-f:.]+\]):[0-9]+$|^\[[0-9A-Fa-f:.]+\]$"#
        guard let slash = start.firstIndex(of: "/") else {
            // No folder: `host:5432`, `[::1]`, `user@host:5432`, or `user:password@host`.
            return start.range(of: hostAndPort, options: .regularExpression) != nil
                || start.range(of: #"^[^@\s]*@[^@\s]*:[0-9]+$"#, options: .regularExpression) != nil
                || start.range(of: #"^[^@:\s]+:[^\s]*@[^@\s]*$"#, options: .regularExpression) != nil
        }
        let first = start[..<slash]
        return first.contains("@") || first.range(of: hostAndPort, options: .regularExpression) != nil
    }

    /// The scheme of `text` when it looks like a URI (`word://…`) of another scheme than
    /// PostgreSQL's, so it can be refused rather than taken as a file's path.
    public static func unknownScheme(in text: String) -> String? {
        guard let separator = text.range(of: "://") else { return nil }
        let scheme = text[..<separator.lowerBound]
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }),
              scheme.first?.isLetter == true else { return nil }
        return looksLikeAddress(text) ? nil : String(scheme)
    }

    /// Parses `text` with libpq's own parser. What it leaves out, libpq takes from `environment`
    /// (`PGHOST`, `PGPORT`, `PGDATABASE`, `PGUSER`), so the name and the display do too: one
    /// database is one store name however it is named. `namedByEnvironment`: `text` came from
    /// `STOREFRONT_STORE`, which advice may then rely on to name the store.
    public init(_ text: String, environment: [String: String] = [:], namedByEnvironment: Bool = false) throws(PostgresStoreError) {
        let start = text.drop { $0.isWhitespace }
        let isURI = Self.startsWithScheme(start)
        if isURI && (start.count != text.count || text.last?.isWhitespace == true) {
            // libpq would read a blank before the URI as a broken keyword string, and one after it as part of the database name.
            throw .invalidAddress(reason: "the URI has a blank (a space, tab or line break) before or after it, which must go")
        }
        if isURI, Self.hasAtAfterSlash(text) {
            // libpq ends the user part at the first / (a base64 password holds them), and shows the rest as a host or database.
            throw .invalidAddress(reason: "an @ comes after a / in it, so libpq would end the user name or password at that /; "
                + "write / as %2F and @ as %40 in a user name, password or database name")
        }
        var errorMessage: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(text, &errorMessage) else {
            let reason = errorMessage.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "libpq cannot parse it"
            if let errorMessage { PQfreemem(errorMessage) }
            if !isURI, text.range(of: #"(^|\s)password\s*="#, options: .regularExpression) != nil {
                // libpq quotes the word it stumbled on, which may be the second word of an unquoted password.
                throw .invalidAddress(reason: "libpq cannot parse it (its words are left out: they may quote part of the "
                    + "password); a value with blanks or quotes goes in single quotes, password='two words', with \\' and "
                    + "\\\\ inside them")
            }
            throw .invalidAddress(reason: Self.withoutPassword(reason, in: text))
        }
        defer { PQconninfoFree(options) }
        var values: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { values[String(cString: keyword)] = String(cString: value) }
            option += 1
        }
        connectionString = text
        // Whether the address itself holds a password, before a service file's settings join in.
        let holdsPassword = !(values["password"] ?? "").isEmpty
        let ownValues = values
        var passwordFromService: String?
        if let service = values["service"] ?? environment["PGSERVICE"].flatMap({ $0.isEmpty ? nil : $0 }) {
            // libpq takes a service's settings where the address has none, and the environment's after them.
            let settings = try PostgresServiceFile.settings(of: service, fromVariable: values["service"] == nil, environment: environment)
            for (keyword, value) in settings where values[keyword] == nil {
                values[keyword] = value
            }
            if ownValues["password"] == nil, settings["password"] != nil { passwordFromService = service }
            // Kept in the address shown, so advice reaches the service's settings (its password, say) too.
            values["service"] = service
        }
        let given = { (keyword: String, variable: String) in values[keyword] ?? environment[variable].flatMap { $0.isEmpty ? nil : $0 } }
        let host = given("host", "PGHOST") ?? given("hostaddr", "PGHOSTADDR")
        if values["host"]?.contains("@") == true {
            // libpq ends a URI's password at its first @, so the rest of it became the host, which
            // must not be shown: it is part of the password.
            throw .invalidAddress(reason: "its host holds an @; an @ in a user name or password must be written %40")
        }
        let user = given("user", "PGUSER")
        let port = given("port", "PGPORT")
        let namedDatabase = given("dbname", "PGDATABASE")
        namesDatabase = namedDatabase != nil
        let database = namedDatabase ?? user
        let databaseSource = namedDatabase == nil ? "user name, which names the database as the address names none,"
            : values["dbname"] == nil ? "database name in PGDATABASE" : "database name"
        if let database, let problem = Self.tooLongName(database, from: databaseSource) {
            throw .invalidAddress(reason: problem)
        }
        if let port {
            // libpq pairs ports with the hostaddr list when there is one, else with the hosts.
            let hosts = given("hostaddr", "PGHOSTADDR") ?? given("host", "PGHOST")
            let hostCount = hosts.map { $0.split(separator: ",", omittingEmptySubsequences: false).count } ?? 1
            if let problem = PostgresPortCheck.problem(ports: port, fromVariable: values["port"] == nil, hostCount: hostCount) {
                throw .invalidAddress(reason: problem)
            }
        }
        if let problem = PostgresSettingCheck.problem(values: values, environment: environment) {
            throw .invalidAddress(reason: problem)
        }
        var shown = ShownStoreAddress(Self.display(user: user, host: host, port: port, database: database,
                                                   settings: Self.keptSettings.compactMap { key in values[key].map { (key, $0) } }),
                                      passwordLeftOut: holdsPassword, namedByEnvironment: namedByEnvironment)
        for (key, variable) in Self.settingVariables { shown.settingVariables[variable] = values[key] }
        shown.passwordFromService = passwordFromService
        self.shown = shown
        let name = try PostgresStoreName(host: host.map { $0.hasPrefix("/") ? "local" : $0 } ?? "local",
                                         port: port ?? "5432", database: database ?? "postgres")
        storeName = name.name
        let afterHost = "-" + (port ?? "5432") + "-" + (database ?? "postgres")
        storeNameAfterHost = name.formerName == nil && name.name.hasSuffix(afterHost) ? afterHost : nil
        formerStoreName = try Self.formerName(of: name, ownValues: ownValues, environment: environment)
    }

    /// The name earlier versions gave the store's files: for an address naming a service, the
    /// name they took from the address and environment alone, without the service file.
    private static func formerName(of name: PostgresStoreName, ownValues: [String: String],
                                   environment: [String: String]) throws(PostgresStoreError) -> String? {
        guard ownValues["service"] != nil || !(environment["PGSERVICE"] ?? "").isEmpty else { return name.formerName }
        let given = { (keyword: String, variable: String) in ownValues[keyword] ?? environment[variable].flatMap { $0.isEmpty ? nil : $0 } }
        let host = given("host", "PGHOST") ?? given("hostaddr", "PGHOSTADDR")
        let database = given("dbname", "PGDATABASE") ?? given("user", "PGUSER")
        let former = try PostgresStoreName(host: host.map { $0.hasPrefix("/") ? "local" : $0 } ?? "local",
                                           port: given("port", "PGPORT") ?? "5432", database: database ?? "postgres")
        return former.name == name.name ? name.formerName : former.name
    }

    /// The most bytes of a name the server keeps (NAMEDATALEN - 1); it cuts longer ones.
    static let longestNameBytes = 63

    /// Why a database name over `longestNameBytes` is refused: the server would cut it (the
    /// name a connection gives at the byte, `CREATE DATABASE` at a character's end), so names
    /// that differ only after the cut would reach one database under two key files, and a
    /// missing one would be reported under a name nobody gave. Nil when it fits.
    /// `from` says where the name came from ("database name", "database name in PGDATABASE").
    static func tooLongName(_ database: String, from: String) -> String? {
        let bytes = database.utf8.count
        guard bytes > longestNameBytes else { return nil }
        var kept = String.UnicodeScalarView()
        var keptBytes = 0
        for scalar in database.unicodeScalars {
            keptBytes += String(scalar).utf8.count
            guard keptBytes <= longestNameBytes else { break }
            kept.append(scalar)
        }
        return "the \(from) is \(bytes) bytes long, and PostgreSQL keeps only the "
            + "first \(longestNameBytes) of a name, so names that differ after them would reach one database under different "
            + "key files; give the name as the server keeps it, \"\(String(kept))\""
    }

    /// The address without its password, for messages.
    public var display: String { shown.text }

    public var description: String { display }

    /// Whether `text` begins with one of libpq's two URI schemes.
    private static func startsWithScheme(_ text: Substring) -> Bool {
        text.hasPrefix("postgresql://") || text.hasPrefix("postgres://")
    }

    /// Whether an @ follows a / between a URI's scheme and its query: a user name or password
    /// holding a / (or an unescaped @ in the database name), which libpq would split there.
    static func hasAtAfterSlash(_ uri: String) -> Bool {
        guard let schemeEnd = uri.range(of: "://") else { return false }
        let beforeQuery = uri[schemeEnd.upperBound...].prefix { $0 != "?" }
        guard let slash = beforeQuery.firstIndex(of: "/") else { return false }
        return beforeQuery[slash...].contains("@")
    }

    /// `message` with any password in `address` replaced, for errors that quote the input.
    ///
    /// A URI's password runs from the first colon of its user part to the last @ before the
    /// host: libpq ends it at the first @, but the person may have meant one more, and neither
    /// part may show. A keyword string's or a URI query's `password=` value is replaced whole,
    /// quoted or not.
    static func withoutPassword(_ message: String, in address: String) -> String {
        var secrets: [Substring] = []
        if let schemeEnd = address.range(of: "://") {
            let authority = address[schemeEnd.upperBound...].prefix { $0 != "/" && $0 != "?" }
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                secrets.append(authority[authority.index(after: colon)..<at])
            }
        }
        var rest = address[...]
        while let match = rest.range(of: #"password\s*=\s*('([^'\\]|\\.)*'?|[^\s&]+)"#, options: .regularExpression) {
            let value = rest[match].drop { $0 != "=" }.dropFirst().drop { $0.isWhitespace }
            secrets.append(value)
            rest = rest[match.upperBound...]
        }
        var result = message
        // The longest first, so one secret that holds another is not left half shown.
        for secret in secrets.sorted(by: { $0.count > $1.count }) where !secret.isEmpty {
            result = result.replacingOccurrences(of: String(secret), with: "****")
        }
        return result
    }
}
