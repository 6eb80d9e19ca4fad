import Foundation

/// The port numbers of an address, checked as libpq checks them when it connects.
///
/// `PQconninfoParse` accepts any text as a port; libpq refuses a port that is not a number
/// from 1 to 65535, or a list of them that does not pair with the hosts, only when it connects,
/// in the same words as a server it cannot reach ("invalid port number"). Checked here, such an
/// address is refused as malformed before any connection is tried, like one libpq cannot parse.
enum PostgresPortCheck {
    /// What is wrong with `ports` (the `port` setting, or `PGPORT` when `fromVariable`) for
    /// `hostCount` hosts, or nil when libpq would accept it.
    static func problem(ports: String, fromVariable: Bool, hostCount: Int) -> String? {
        let entries = ports.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let source = fromVariable ? "the environment variable PGPORT" : "the port"
        // An empty entry means the default port, as it does to libpq.
        if let bad = entries.first(where: { !$0.isEmpty && !isPortNumber($0) }) {
            return "\(source) \"\(bad)\" is not a port number; give a number from 1 to 65535 (5432 is PostgreSQL's)"
        }
        if entries.count > 1, entries.count != hostCount {
            return "\(source) lists \(entries.count) port numbers for \(hostCount) host\(hostCount == 1 ? "" : "s"); "
                + "give one port for all of them, or one for each host in the same order"
        }
        return nil
    }

    /// Whether `text` reads as libpq reads a port: a decimal number from 1 to 65535, with
    /// blanks around it allowed.
    private static func isPortNumber(_ text: String) -> Bool {
        let digits = text.trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(digits) else { return false }
        return (1...65535).contains(value)
    }
}
