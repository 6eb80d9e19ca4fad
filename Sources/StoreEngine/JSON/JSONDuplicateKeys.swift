/// A member name written twice in one JSON object.
///
/// JSON readers disagree about such objects (some keep the first value, some the last), so a
/// file that relies on either is ambiguous; the parser keeps both and lets callers report them.
public struct JSONDuplicateKey: Sendable, Equatable {
    /// The member name.
    public var key: String
    /// The key path of the object holding it, e.g. `products[2].prices`; empty for the top level.
    public var objectPath: String
    /// The value written first and the one written again (each knows its line and column).
    public var first: JSONNode
    public var repeated: JSONNode
}

extension JSONNode {
    /// Every member name that occurs more than once in the same object, anywhere in this value,
    /// in file order.
    public func duplicateKeys() -> [JSONDuplicateKey] {
        var found: [JSONDuplicateKey] = []
        collectDuplicateKeys(path: "", into: &found)
        return found
    }

    private func collectDuplicateKeys(path: String, into found: inout [JSONDuplicateKey]) {
        switch value {
        case let .object(members):
            // Most objects have a handful of members: comparing pairs costs less than hashing.
            if members.count <= 8 {
                for later in members.indices.dropFirst() {
                    if let earlier = members[..<later].firstIndex(where: { $0.key == members[later].key }) {
                        found.append(JSONDuplicateKey(key: members[later].key, objectPath: path,
                                                      first: members[earlier].node, repeated: members[later].node))
                    }
                }
            } else {
                var firstIndex: [String: Int] = Dictionary(minimumCapacity: members.count)
                for (index, member) in members.enumerated() {
                    if let earlier = firstIndex[member.key] {
                        found.append(JSONDuplicateKey(key: member.key, objectPath: path,
                                                      first: members[earlier].node, repeated: member.node))
                    } else {
                        firstIndex[member.key] = index
                    }
                }
            }
            for member in members where member.node.isContainer {
                member.node.collectDuplicateKeys(path: path.isEmpty ? member.key : "\(path).\(member.key)", into: &found)
            }
        case let .array(elements):
            for (index, element) in elements.enumerated() where element.isContainer {
                element.collectDuplicateKeys(path: "\(path)[\(index)]", into: &found)
            }
        case .string, .number, .bool, .null:
            break
        }
    }

    private var isContainer: Bool {
        switch value {
        case .object, .array: true
        case .string, .number, .bool, .null: false
        }
    }
}
