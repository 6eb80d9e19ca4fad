import Foundation

/// The settings of an address that take a word from a fixed list or a whole number, checked as
/// libpq checks them when it connects.
///
/// `PQconninfoParse` takes any value; libpq refuses `sslmode=bogus` or `connect_timeout=abc` only
/// when it connects, in a message that reads like a server it could not reach. Checked here, such
/// an address is refused as malformed (exit 2, naming the setting) before anything is tried, as a
/// bad port is (`PostgresPortCheck`).
enum PostgresSettingCheck {
    /// A setting libpq takes from a fixed list of words, and the variable that may give it instead.
    private static let wordSettings: [(keyword: String, variable: String, words: [String])] = [
        ("sslmode", "PGSSLMODE", ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"]),
        ("gssencmode", "PGGSSENCMODE", ["disable", "prefer", "require"]),
        ("channel_binding", "PGCHANNELBINDING", ["disable", "prefer", "require"]),
        ("target_session_attrs", "PGTARGETSESSIONATTRS", ["any", "read-write", "read-only", "primary", "standby", "prefer-standby"]),
    ]

    /// Settings libpq reads as a whole number, and their variables (nil: none).
    private static let numberSettings: [(keyword: String, variable: String?)] = [
        ("connect_timeout", "PGCONNECT_TIMEOUT"), ("keepalives", nil), ("keepalives_idle", nil),
        ("keepalives_interval", nil), ("keepalives_count", nil), ("tcp_user_timeout", nil),
    ]

    /// What is wrong with the first setting libpq would refuse, given `values` (the address's
    /// own) and `environment` (for what the address leaves out), or nil when it would take them all.
    /// Also refused: a search_path set in `options` (or PGOPTIONS), which would make or read a
    /// second store in another schema under the same name and key file.
    static func problem(values: [String: String], environment: [String: String]) -> String? {
        if let (options, source) = given("options", "PGOPTIONS", values, environment),
           // The server reads a dash in a setting's name as an underscore: search-path is search_path.
           options.range(of: "search[-_]path", options: [.caseInsensitive, .regularExpression]) != nil {
            return "\(source) sets search_path, which would put the store's tables in another schema: a second store under "
                + "the same name and key file as the one in the database's own schema. Leave search_path out; one database "
                + "holds many apps, and a store of its own needs a database of its own (createdb)"
        }
        for setting in wordSettings {
            guard let (value, source) = given(setting.keyword, setting.variable, values, environment) else { continue }
            if !setting.words.contains(value) {
                return "\(source) \"\(value)\" is not one libpq knows; give one of \(setting.words.joined(separator: ", "))"
            }
        }
        for setting in numberSettings {
            guard let (value, source) = given(setting.keyword, setting.variable, values, environment) else { continue }
            if !isWholeNumber(value) { return "\(source) \"\(value)\" is not a whole number, which libpq needs there" }
        }
        return nil
    }

    /// The value of `keyword` and where it came from ("sslmode", or the variable), when given.
    private static func given(_ keyword: String, _ variable: String?, _ values: [String: String],
                              _ environment: [String: String]) -> (String, String)? {
        if let value = values[keyword] { return (value, keyword) }
        // libpq takes a variable that is set, even to nothing (and then refuses an empty one).
        guard let variable, let value = environment[variable] else { return nil }
        // Said as a variable, so the address it completes is not blamed for it.
        return (value, "the environment variable \(variable)")
    }

    /// Whether libpq reads `text` as an integer: optional blanks and sign, digits, optional blanks.
    private static func isWholeNumber(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let digits = trimmed.first == "+" || trimmed.first == "-" ? trimmed.dropFirst() : Substring(trimmed)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber } && Int32(trimmed) != nil
    }
}
