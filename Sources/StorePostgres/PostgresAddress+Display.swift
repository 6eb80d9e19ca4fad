import StoreLedger

/// The address people are shown: a libpq URI without the password, which libpq reads back as
/// the same user, hosts, ports and database, so a command given it reaches the same store
/// (and the same key file, which is named after them), in the same way: the settings of how to
/// connect that the address gave (`keptSettings`) are kept, so an advised command asks for the
/// same SSL checks and gives up as soon.
extension PostgresAddress {
    /// The address's settings a shown address repeats, in this order: none of them is secret
    /// (`password` and `sslpassword` are not among them; files are named, not read).
    static let keptSettings = [
        "sslmode", "sslrootcert", "sslcert", "sslkey", "sslcrl", "sslcrldir", "sslsni", "requirepeer", "gssencmode",
        "channel_binding", "target_session_attrs", "connect_timeout", "keepalives", "keepalives_idle",
        "keepalives_interval", "keepalives_count", "tcp_user_timeout", "passfile", "service",
    ]

    /// The environment variables libpq reads for the kept settings that have one, for a
    /// `createdb` advised to reach the same server as the address did (keep-alives and
    /// `tcp_user_timeout` have none, and matter little to one short command).
    static let settingVariables = [
        "sslmode": "PGSSLMODE", "sslrootcert": "PGSSLROOTCERT", "sslcert": "PGSSLCERT", "sslkey": "PGSSLKEY",
        "sslcrl": "PGSSLCRL", "sslcrldir": "PGSSLCRLDIR", "sslsni": "PGSSLSNI", "requirepeer": "PGREQUIREPEER",
        "gssencmode": "PGGSSENCMODE", "channel_binding": "PGCHANNELBINDING", "target_session_attrs": "PGTARGETSESSIONATTRS",
        "connect_timeout": "PGCONNECT_TIMEOUT", "passfile": "PGPASSFILE", "service": "PGSERVICE",
    ]

    static func display(user: String?, host: String?, port: String?, database: String?, settings: [(String, String)] = []) -> String {
        var text = "postgresql://"
        var query: [String] = []
        if let user { text += encoded(user, reserving: "@/:") + "@" }
        if let host {
            // A socket folder or a list of hosts is kept whole in the query, where libpq takes
            // it as it is; an IPv6 address goes in brackets, or its colons would start the port.
            if host.hasPrefix("/") || host.contains(",") {
                query.append("host=" + encoded(host, reserving: "&="))
            } else if host.contains(":") {
                text += "[" + encoded(host, reserving: "]") + "]"
            } else {
                text += encoded(host, reserving: "/?,:@")
            }
        }
        if let port, port.contains(",") {
            query.append("port=" + encoded(port, reserving: "&="))
        } else if let port {
            text += ":" + encoded(port, reserving: "/?,@")
        }
        // An @ after the first / would be read as ending a user name; blanks at either end of
        // the whole address are refused as a pasting slip.
        text += "/" + encodedAtTheEnds(encoded(database ?? "", reserving: "?@"))
        query += settings.map { key, value in key + "=" + encoded(value, reserving: "&=#+ ") }
        return query.isEmpty ? text : text + "?" + query.joined(separator: "&")
    }

    /// `text` with `%`, the characters in `reserved` (which would end its part of the URI) and
    /// those a terminal acts on or hides (controls, line separators, bidi embeddings and
    /// isolates) percent-encoded, as libpq decodes every part: the address shown stays on its
    /// line, drives no terminal, and still names the store.
    private static func encoded(_ text: String, reserving reserved: String) -> String {
        text.unicodeScalars.map { scalar in
            guard scalar == "%" || reserved.unicodeScalars.contains(scalar) || isHiddenOnScreen(scalar) else {
                return String(scalar)
            }
            return String(scalar).utf8.map { "%" + ($0 < 0x10 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
        }.joined()
    }

    /// `text` with spaces at its start and end percent-encoded.
    private static func encodedAtTheEnds(_ text: String) -> String {
        let inner = text.drop { $0 == " " }
        let leading = text.count - inner.count
        let core = inner.reversed().drop { $0 == " " }
        let trailing = inner.count - core.count
        return String(repeating: "%20", count: leading) + String(core.reversed()) + String(repeating: "%20", count: trailing)
    }

    private static func isHiddenOnScreen(_ scalar: Unicode.Scalar) -> Bool { ShellWord.isUnseen(scalar) }
}
