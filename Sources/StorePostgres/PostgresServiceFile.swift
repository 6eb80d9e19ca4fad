internal import CPostgres
import Foundation

/// The settings a libpq connection service file gives a `service=` address (or `PGSERVICE`),
/// read where and as libpq reads them, so the key file's name and the address shown come from
/// the host, port and database the connection goes to. Without them every service would name
/// its key after the defaults (`local-5432-<user>`), and two databases would share one key.
///
/// libpq looks in the user's file (`PGSERVICEFILE`, else `~/.pg_service.conf`) and, when the
/// service is not there, in `pg_service.conf` of `PGSYSCONFDIR` or of the folder it was built
/// with; the first section named after the service gives its lines `keyword=value`.
enum PostgresServiceFile {
    /// The folder Debian's libpq reads the system-wide service file from when `PGSYSCONFDIR` is not set.
    static let builtInSystemFolder = "/etc/postgresql-common"

    /// The settings of `service`, or an `invalidAddress` saying why libpq would not connect:
    /// no file has the service, or its section has a line libpq refuses.
    /// `fromVariable`: PGSERVICE named the service, not the address.
    static func settings(of service: String, fromVariable: Bool = false,
                         environment: [String: String]) throws(PostgresStoreError) -> [String: String] {
        var looked: [String] = []
        for path in files(environment) {
            guard let data = FileManager.default.contents(atPath: path) else {
                looked.append(path + (FileManager.default.fileExists(atPath: path) ? " (which cannot be read)" : " (which does not exist)"))
                continue
            }
            looked.append(path)
            if let settings = try section(service, in: String(decoding: data, as: UTF8.self), file: path) { return settings }
        }
        throw .invalidAddress(reason: "no connection service file defines the service \"\(service)\"\(fromVariable ? " named by PGSERVICE" : "") "
            + "(looked in " + looked.joined(separator: " and ") + "); add a [\(service)] section to one of them, or name the "
            + "host, port and database in the address instead")
    }

    /// The connection settings this libpq knows, which a service file's lines may set.
    static let knownKeywords: Set<String> = {
        guard let defaults = PQconndefaults() else { return [] }
        defer { PQconninfoFree(defaults) }
        var keywords: Set<String> = []
        var option = defaults
        while let keyword = option.pointee.keyword {
            keywords.insert(String(cString: keyword))
            option += 1
        }
        return keywords
    }()

    /// The files libpq reads, in its order.
    static func files(_ environment: [String: String]) -> [String] {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        let user = environment["PGSERVICEFILE"] ?? home + "/.pg_service.conf"
        let system = (environment["PGSYSCONFDIR"] ?? builtInSystemFolder) + "/pg_service.conf"
        return [user, system]
    }

    /// The settings of the first section named `service` in `text`, nil when there is none.
    static func section(_ service: String, in text: String, file: String) throws(PostgresStoreError) -> [String: String]? {
        var inSection = false
        var found = false
        var settings: [String: String] = [:]
        // Lines end at a line feed, a carriage return before it included (a file written on
        // Windows), which Swift reads as one character.
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            // libpq drops blanks at both ends of a line, then skips empty lines and comments.
            let line = rawLine.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()
            let trimmed = String(line)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed.hasPrefix("[") {
                // The section ends at the next one; a heading names it up to its `]`, whatever follows.
                if found { break }
                inSection = trimmed.dropFirst().hasPrefix(service + "]")
                found = inSection
                continue
            }
            guard inSection else { continue }
            guard let equals = trimmed.firstIndex(of: "=") else {
                throw .invalidAddress(reason: "line \(index + 1) of the service file \(file) has no =; libpq refuses it")
            }
            let keyword = String(trimmed[..<equals])
            if keyword == "service" {
                throw .invalidAddress(reason: "line \(index + 1) of the service file \(file) names another service, which libpq refuses")
            }
            guard knownKeywords.isEmpty || knownKeywords.contains(keyword) else {
                // libpq takes the words before = as they are: "host = x" names a keyword "host ".
                throw .invalidAddress(reason: "line \(index + 1) of the service file \(file) sets \"\(keyword)\", which is no "
                    + "connection setting libpq knows (write keyword=value, with no blanks around =)")
            }
            // The first line of a keyword counts, as in libpq.
            if settings[keyword] == nil { settings[keyword] = String(trimmed[trimmed.index(after: equals)...]) }
        }
        return found ? settings : nil
    }
}
