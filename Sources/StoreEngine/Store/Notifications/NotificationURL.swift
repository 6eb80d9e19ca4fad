import Foundation
import StoreCatalog

/// Where an app's App Store Server Notifications are POSTed: an absolute http or https URL
/// with a host, as App Store Connect accepts one.
public struct NotificationURL: Sendable, Equatable, CustomStringConvertible {
    /// The URL as it was set.
    public let text: String

    /// The value of the `notification-url` setting that sends notifications nowhere.
    public static let noneText = "none"

    /// The longest URL accepted, so a ledger line stays small.
    static let maximumLength = 2_048

    /// Reads a `notification-url` value: a URL, or "none" (nil).
    static func parseSetting(_ value: String) throws(SettingChange.TextError) -> NotificationURL? {
        if value == noneText { return nil }
        return try NotificationURL(checking: value)
    }

    /// Checks `text` is an absolute http or https URL with a host, and says what is wrong otherwise.
    public init(checking text: String) throws(SettingChange.TextError) {
        let hint = "; give an absolute http or https URL such as http://127.0.0.1:8000/notifications, or none"
        guard text.count <= Self.maximumLength else {
            throw SettingChange.TextError(field: "value", reason: "the notification URL is longer than \(Self.maximumLength) characters" + hint)
        }
        guard !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }) else {
            throw SettingChange.TextError(field: "value", reason: "\"\(EchoedText.cut(text))\" holds spaces or control characters" + hint)
        }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw SettingChange.TextError(field: "value", reason: "\"\(EchoedText.cut(text))\" is not a URL" + hint)
        }
        guard scheme == "http" || scheme == "https" else {
            throw SettingChange.TextError(field: "value", reason: "\"\(EchoedText.cut(text))\" uses \(scheme):, not http: or https:" + hint)
        }
        guard let host = components.host, !host.isEmpty else {
            throw SettingChange.TextError(field: "value", reason: "\"\(EchoedText.cut(text))\" names no host" + hint)
        }
        // Read from the text: URLComponents takes 0 and 99999 and drops a port too long for an Int.
        if let port = Self.portText(of: text), !port.isEmpty, !Self.validPorts.contains(Int(port) ?? 0) {
            throw SettingChange.TextError(field: "value", reason: "\"\(EchoedText.cut(text))\" has port \(port.prefix(20)), not one from 1 to 65535" + hint)
        }
        guard URL(string: text) != nil else {
            throw SettingChange.TextError(field: "value", reason: "\"\(EchoedText.cut(text))\" is not a URL that can be sent to" + hint)
        }
        self.text = text
    }

    static let validPorts = 1...65_535

    /// Refuses, for a URL about to be set, what the ledger has always accepted but would not
    /// reach the receiver as written: characters a URL carries only percent-encoded (which
    /// parsing would encode again, a valid escape beside them included), a `%` that starts no
    /// escape, and a user or password (never sent). Not applied to URLs already recorded, so a
    /// ledger that holds one is not made damaged.
    public static func checkSendable(_ text: String) throws(SettingChange.TextError) {
        let hint = "; give an absolute http or https URL such as http://127.0.0.1:8000/notifications, or none"
        if let foreign = text.unicodeScalars.first(where: { !$0.isASCII }) {
            throw SettingChange.TextError(field: "value", reason: "\"\(EchoedText.cut(text))\" holds \"\(foreign)\", which a URL carries only "
                + "percent-encoded: write the path and query with %XX escapes of their UTF-8 bytes, and a host name in its "
                + "ASCII (xn--) form" + hint)
        }
        let bytes = Array(text.utf8)
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "%") {
            let escape = bytes.dropFirst(index + 1).prefix(2)
            guard escape.count == 2, escape.allSatisfy({ $0.isHexDigit }) else {
                throw SettingChange.TextError(field: "value", reason: "\"\(EchoedText.cut(text))\" has a % that starts no %XX escape ("
                    + "\"\(String(decoding: bytes[index..<min(index + 3, bytes.count)], as: UTF8.self))\"): write a % itself as %25" + hint)
            }
        }
        if let host = URLComponents(string: text)?.percentEncodedHost, host.hasPrefix("["), host.contains("%") {
            throw SettingChange.TextError(field: "value", reason: "\"\(EchoedText.cut(text))\" names an IPv6 zone (\"%25…\"), which an HTTP "
                + "request cannot carry: give the address without it, or a host name" + hint)
        }
        if let components = URLComponents(string: text), components.user != nil || components.password != nil {
            throw SettingChange.TextError(field: "value", reason: "\"\(EchoedText.cut(text))\" carries a user name or password, which "
                + "notifications are not sent with: leave them out (a receiver can check a secret in the path or query)" + hint)
        }
    }

    /// The port as written after the host (empty for `host:`), or nil when none is written.
    static func portText(of text: String) -> Substring? {
        guard let schemeEnd = text.range(of: "://") else { return nil }
        let rest = text[schemeEnd.upperBound...]
        var authority = rest.prefix { !"/?#".contains($0) }
        if let userEnd = authority.lastIndex(of: "@") { authority = authority[authority.index(after: userEnd)...] }
        // An IPv6 literal's colons are inside its brackets.
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            authority = authority[authority.index(after: close)...]
        }
        guard let colon = authority.lastIndex(of: ":") else { return nil }
        return authority[authority.index(after: colon)...]
    }

    /// The URL to send to.
    public var url: URL? { URL(string: text) }

    public var description: String { text }
}

extension UInt8 {
    /// Whether the byte is an ASCII hexadecimal digit.
    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
