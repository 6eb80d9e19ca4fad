import StoreJSON
extension JSONNode {
    /// The member named `key` unless it is absent or `null`: StoreKit files write `null` for an
    /// empty optional value (`"introductoryOffer" : null`, `"referenceName" : null`).
    func presentMember(_ key: String) -> JSONNode? {
        guard let child = self[key], !child.isNull else { return nil }
        return child
    }

    /// The value as compact JSON text, for showing a value this reader does not interpret.
    var compactText: String {
        switch value {
        case .object(let members):
            "{" + members.map { "\(CatalogWriter.quoted($0.key)): \($0.node.compactText)" }.joined(separator: ", ") + "}"
        case .array(let elements): "[" + elements.map(\.compactText).joined(separator: ", ") + "]"
        case .string(let text): CatalogWriter.quoted(text)
        case .number(let literal): literal
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        }
    }
}
