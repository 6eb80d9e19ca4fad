/// Each distinct value (product id, account, device, currency, price…) kept once, and a 32-bit
/// number for it.
///
/// A ledger repeats a few hundred names and prices over hundreds of thousands of transactions;
/// a folded state that stored them per transaction would hold a heap copy of most of them
/// (transaction ids and product ids are too long for Swift's inline small strings).
struct ValuePool<Value: Hashable & Sendable>: Sendable {
    /// The number that stands for "no value" (an optional field left empty).
    static var none: UInt32 { UInt32.max }

    private(set) var values: [Value] = []
    private var numbers: [Value: UInt32] = [:]

    init() {}

    /// A pool holding `values` under their positions; nil when a value is there twice.
    init?(values: [Value]) {
        for value in values {
            guard numbers.updateValue(UInt32(self.values.count), forKey: value) == nil else { return nil }
            self.values.append(value)
        }
    }

    /// Whether `number` stands for a value of this pool (or for none, when `optional`).
    func isValid(_ number: UInt32, optional: Bool = false) -> Bool {
        Int(number) < values.count || (optional && number == Self.none)
    }

    /// The number of `value`, adding it when new.
    mutating func number(for value: Value) -> UInt32 {
        if let number = numbers[value] { return number }
        let number = UInt32(values.count)
        values.append(value)
        numbers[value] = number
        return number
    }

    /// The number of an optional value; `none` for nil.
    mutating func number(forOptional value: Value?) -> UInt32 {
        value.map { number(for: $0) } ?? Self.none
    }

    /// The number of `value` if it was ever added.
    func existingNumber(for value: Value) -> UInt32? { numbers[value] }

    func value(_ number: UInt32) -> Value { values[Int(number)] }

    func optionalValue(_ number: UInt32) -> Value? { number == Self.none ? nil : values[Int(number)] }
}
