import Foundation

/// A route's path, e.g. `/inApps/v1/transactions/{transactionId}`: fixed segments and named
/// parameters, each matching one whole non-empty segment.
public struct PathPattern: Sendable, Equatable, ExpressibleByStringLiteral, CustomStringConvertible {
    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    let segments: [Segment]
    public let description: String

    public init(_ text: String) {
        description = text
        segments = Self.split(text).map { segment in
            segment.hasPrefix("{") && segment.hasSuffix("}") ? .parameter(String(segment.dropFirst().dropLast())) : .literal(segment)
        }
    }

    public init(stringLiteral value: String) { self.init(value) }

    /// The parameters `path` (as sent, not decoded) gives, by name, or nil when it does not have
    /// this shape. The path is split at its slashes first and each segment decoded after, so
    /// `1%2F2` is one segment, `1/2`, and `%32%30` is `20`.
    public func match(_ path: String) -> [String: String]? {
        let parts = Self.split(path).map(Self.decoded)
        guard parts.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case let .literal(text):
                guard text == part else { return nil }
            case let .parameter(name):
                guard !part.isEmpty else { return nil }
                parameters[name] = part
            }
        }
        return parameters
    }

    /// `segment` with its percent escapes decoded; kept as written when an escape is broken or
    /// decodes to something that is not UTF-8, which then matches no literal and no id.
    private static func decoded(_ segment: String) -> String {
        segment.removingPercentEncoding ?? segment
    }

    /// The segments after the leading slash. A doubled or trailing slash leaves an empty
    /// segment, which matches no literal and no parameter: `/x/7/` is another path than `/x/7`
    /// (one resource, one path; see DECISIONS.md).
    private static func split(_ path: String) -> [String] {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if parts.first == "" { parts.removeFirst() }
        return parts
    }
}
