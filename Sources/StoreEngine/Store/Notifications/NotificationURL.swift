import Foundation

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
            throw SettingChange.TextError(field: "value", reason: "\"\(text)\" holds spaces or control characters" + hint)
        }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw SettingChange.TextError(field: "value", reason: "\"\(text)\" is not a URL" + hint)
        }
        guard scheme == "http" || scheme == "https" else {
            throw SettingChange.TextError(field: "value", reason: "\"\(text)\" uses \(scheme):, not http: or https:" + hint)
        }
        guard let host = components.host, !host.isEmpty else {
            throw SettingChange.TextError(field: "value", reason: "\"\(text)\" names no host" + hint)
        }
        // Read from the text: URLComponents takes 0 and 99999 and drops a port too long for an Int.
        if let port = Self.portText(of: text), !port.isEmpty, !Self.validPorts.contains(Int(port) ?? 0) {
            throw SettingChange.TextError(field: "value", reason: "\"\(text)\" has port \(port.prefix(20)), not one from 1 to 65535" + hint)
        }
        guard URL(string: text) != nil else {
            throw SettingChange.TextError(field: "value", reason: "\"\(text)\" is not a URL that can be sent to" + hint)
        }
        self.text = text
    }

    static let validPorts = 1...65_535

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
