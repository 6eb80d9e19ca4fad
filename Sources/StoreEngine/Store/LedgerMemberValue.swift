import Foundation
import StoreJSON
import StoreLedger

/// A value a ledger line's member holds, read from flat JSON and written back without `Codable`.
///
/// The fast line reader and writer only handle these few shapes; an event field of any other
/// type cannot be declared in a fast-path table, so the compiler says so rather than a test.
protocol LedgerMemberValue {
    /// The value of a member, or nil when the member has another shape or text this type
    /// does not accept (the line is then left to `JSONDecoder`, which words the error).
    init?(ledgerMember member: FlatJSONObjectReader.Value)
    func writeLedgerMember(_ key: StaticString, into writer: inout FlatJSONObjectWriter)
}

extension String: LedgerMemberValue {
    init?(ledgerMember member: FlatJSONObjectReader.Value) {
        guard case let .string(text) = member else { return nil }
        self = text
    }

    func writeLedgerMember(_ key: StaticString, into writer: inout FlatJSONObjectWriter) { writer.member(key, self) }
}

extension Int: LedgerMemberValue {
    init?(ledgerMember member: FlatJSONObjectReader.Value) {
        guard case let .integer(number) = member else { return nil }
        self = number
    }

    func writeLedgerMember(_ key: StaticString, into writer: inout FlatJSONObjectWriter) { writer.member(key, self) }
}

extension Bool: LedgerMemberValue {
    init?(ledgerMember member: FlatJSONObjectReader.Value) {
        guard case let .bool(flag) = member else { return nil }
        self = flag
    }

    func writeLedgerMember(_ key: StaticString, into writer: inout FlatJSONObjectWriter) { writer.member(key, self) }
}

extension Array: LedgerMemberValue where Element == String {
    init?(ledgerMember member: FlatJSONObjectReader.Value) {
        guard case let .strings(texts) = member else { return nil }
        self = texts
    }

    func writeLedgerMember(_ key: StaticString, into writer: inout FlatJSONObjectWriter) { writer.member(key, self) }
}

/// Dates in the whole-second form only: the fast paths run for `.iso8601` ledgers alone.
extension Date: LedgerMemberValue {
    init?(ledgerMember member: FlatJSONObjectReader.Value) {
        guard case let .string(text) = member, let date = ISO8601SecondsParser.date(from: text) else { return nil }
        self = date
    }

    func writeLedgerMember(_ key: StaticString, into writer: inout FlatJSONObjectWriter) { writer.member(key, self) }
}

/// Enumerations written as their text, the way their synthesized `Codable` writes them.
extension LedgerMemberValue where Self: RawRepresentable, RawValue == String {
    init?(ledgerMember member: FlatJSONObjectReader.Value) {
        guard case let .string(text) = member else { return nil }
        self.init(rawValue: text)
    }

    func writeLedgerMember(_ key: StaticString, into writer: inout FlatJSONObjectWriter) { writer.member(key, rawValue) }
}
