/// One step from a value into one it holds: a member of an object, an element of an array.
public enum JSONPathStep: Sendable, Equatable {
    case member(String)
    case element(Int)
}

/// The way from a document's root to one of its values, spelled `products[2].prices` only for a
/// value that is reported: spelling the path of every value of a large catalog costs more than
/// the search.
struct JSONPath {
    var steps: [JSONPathStep] = []

    /// `products[2].prices` for the steps products, 2, prices; empty for the root.
    var spelled: String {
        var text = ""
        for step in steps {
            switch step {
            case let .member(key): text += text.isEmpty ? key : ".\(key)"
            case let .element(index): text += "[\(index)]"
            }
        }
        return text
    }
}

extension JSONNode {
    /// Calls `visit` with this value and every value inside it, in file order, each with its path
    /// from this one.
    func forEachValue(_ visit: (JSONNode, JSONPath) -> Void) {
        var path = JSONPath()
        forEachValue(path: &path, visit)
    }

    private func forEachValue(path: inout JSONPath, _ visit: (JSONNode, JSONPath) -> Void) {
        visit(self, path)
        switch value {
        case let .object(members):
            for member in members {
                path.steps.append(.member(member.key))
                member.node.forEachValue(path: &path, visit)
                path.steps.removeLast()
            }
        case let .array(elements):
            for (index, element) in elements.enumerated() {
                path.steps.append(.element(index))
                element.forEachValue(path: &path, visit)
                path.steps.removeLast()
            }
        case .string, .number, .bool, .null:
            break
        }
    }
}
