/// A member name written twice in one JSON object.
///
/// JSON readers disagree about such objects (some keep the first value, some the last), so a
/// file that relies on either is ambiguous; the parser keeps both and lets callers report them.
public struct JSONDuplicateKey: Sendable, Equatable {
    /// The member name.
    public var key: String
    /// The key path of the object holding it, e.g. `products[2].prices`; empty for the top level.
    public var objectPath: String { JSONPath(steps: objectSteps).spelled }
    /// The same path, step by step, to find the values around it.
    public var objectSteps: [JSONPathStep]
    /// The value written first and the one written again (each knows its line and column).
    public var first: JSONNode
    public var repeated: JSONNode

    /// The key with the path of its object, e.g. `products[2].prices.USA`; the key alone at the top level.
    public var field: String { objectPath.isEmpty ? key : "\(objectPath).\(key)" }
}

extension JSONParser {
    /// The first member name `bytes` writes twice in one object, at any depth; nil when every
    /// name is written once or when `bytes` is not JSON (whose own reader then says so).
    public static func firstDuplicateKey(in bytes: [UInt8]) -> JSONDuplicateKey? {
        guard let parsed = try? parseNotingAmbiguities(bytes), parsed.hasDuplicateKeys else { return nil }
        return parsed.root.duplicateKeys().first
    }
}

extension JSONNode {
    /// Every member name that occurs more than once in the same object, anywhere in this value,
    /// in file order.
    public func duplicateKeys() -> [JSONDuplicateKey] {
        var found: [JSONDuplicateKey] = []
        forEachValue { node, path in
            guard case let .object(members) = node.value else { return }
            func report(_ earlier: Int, _ later: Int) {
                found.append(JSONDuplicateKey(key: members[later].key, objectSteps: path.steps,
                                              first: members[earlier].node, repeated: members[later].node))
            }
            // Most objects have a handful of members: comparing pairs costs less than hashing.
            if members.count <= 8 {
                for later in members.indices.dropFirst() {
                    let name = JSONMemberName(members[later].key)
                    if let earlier = members[..<later].firstIndex(where: { JSONMemberName($0.key) == name }) { report(earlier, later) }
                }
            } else {
                var firstIndex: [JSONMemberName: Int] = Dictionary(minimumCapacity: members.count)
                for (index, member) in members.enumerated() {
                    let name = JSONMemberName(member.key)
                    if let earlier = firstIndex[name] { report(earlier, index) } else { firstIndex[name] = index }
                }
            }
        }
        return found
    }
}
