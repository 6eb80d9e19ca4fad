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

    /// The parameters `path` gives, by name, or nil when it does not have this shape.
    public func match(_ path: String) -> [String: String]? {
        let parts = Self.split(path)
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

    /// A trailing slash names the same resource, as it does for Apple's servers; an empty
    /// segment inside the path does not match a parameter.
    private static func split(_ path: String) -> [String] {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if parts.first == "" { parts.removeFirst() }
        if parts.count > 1, parts.last == "" { parts.removeLast() }
        return parts
    }
}
