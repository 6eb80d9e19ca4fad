/// A request the store cannot carry out because of what was asked (not because of storage).
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownCredit(String, known: [String])
    case invalidAmount(Int)
    case unknownTransaction(String)
    case notRefundable(String, state: TransactionState)
    case invalidSettingValue(setting: String, value: String, allowed: [String])

    public var description: String {
        switch self {
        case let .unknownCredit(id, known):
            "there is no credit \"\(id)\" in this catalog; credits: \(known.isEmpty ? "none" : known.joined(separator: ", "))"
        case let .invalidAmount(amount):
            "the amount \(amount) is not valid; give a whole number of 1 or more"
        case let .unknownTransaction(id):
            "there is no transaction \"\(id)\" for this app; `storefront transactions` lists them"
        case let .notRefundable(id, state):
            "transaction \(id) is \(state.rawValue) and cannot be refunded; only purchased transactions can"
        case let .invalidSettingValue(setting, value, allowed):
            "\"\(value)\" is not a value for \(setting); use \(allowed.joined(separator: " or "))"
        }
    }
}
