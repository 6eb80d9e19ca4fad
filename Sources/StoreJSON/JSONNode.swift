/// A parsed JSON value that remembers where it was written.
///
/// Numbers keep their literal text so that prices stay exact decimals and never pass through
/// `Double`. Object members keep their order, which lets error messages and lint warnings follow
/// the file from top to bottom.
public struct JSONNode: Sendable, Equatable {
    /// The value itself.
    public enum Value: Sendable, Equatable {
        case object([(key: String, node: JSONNode)])
        case array([JSONNode])
        case string(String)
        /// The number exactly as written, e.g. `"0.99"` or `"160"`.
        case number(String)
        case bool(Bool)
        case null

        public static func == (lhs: Value, rhs: Value) -> Bool {
            switch (lhs, rhs) {
            case let (.object(a), .object(b)):
                return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.node == $1.node }
            case let (.array(a), .array(b)): return a == b
            case let (.string(a), .string(b)): return a == b
            case let (.number(a), .number(b)): return a == b
            case let (.bool(a), .bool(b)): return a == b
            case (.null, .null): return true
            default: return false
            }
        }
    }

    public var value: Value
    /// 1-based line of the value's first character.
    public var line: Int
    /// 1-based column (in characters) of the value's first character.
    public var column: Int

    public init(_ value: Value, line: Int = 0, column: Int = 0) {
        self.value = value
        self.line = line
        self.column = column
    }

    /// A short name of the value's JSON type, for messages such as "expected a string, found a number".
    public var typeName: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }

    /// The member named `key` when this is an object.
    public subscript(key: String) -> JSONNode? {
        guard case let .object(members) = value else { return nil }
        return members.first { $0.key == key }?.node
    }

    public var objectMembers: [(key: String, node: JSONNode)]? {
        if case let .object(members) = value { return members }
        return nil
    }

    public var arrayElements: [JSONNode]? {
        if case let .array(elements) = value { return elements }
        return nil
    }

    public var stringValue: String? {
        if case let .string(text) = value { return text }
        return nil
    }

    public var boolValue: Bool? {
        if case let .bool(flag) = value { return flag }
        return nil
    }

    public var numberLiteral: String? {
        if case let .number(text) = value { return text }
        return nil
    }

    public var isNull: Bool {
        if case .null = value { return true }
        return false
    }
}
