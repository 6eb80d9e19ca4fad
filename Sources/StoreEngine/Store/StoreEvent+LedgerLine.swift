import Foundation
import StoreCatalog
import StoreJSON
import StoreLedger

/// Reading a `StoreEvent` from a ledger line without `JSONDecoder`.
///
/// The members are the fields of `StoreEvent.ledgerFields`; a member that is not one of them
/// (or `seq` and `mac`, which every line has) makes the line fall back to `JSONDecoder`, so
/// nothing is ever dropped, only decoded more slowly.
extension StoreEvent: LedgerLineDecodable {
    /// Each declared field's position in `ledgerFields`, by name.
    private static let fieldPositions: [String: Int] = Dictionary(
        uniqueKeysWithValues: ledgerFields.enumerated().map { ($0.element.nameText, $0.offset) })
    /// The bits of the two members every ledger line has that are not part of the event.
    private static let sequenceBit: UInt64 = 1 << 62
    private static let macBit: UInt64 = 1 << 63
    /// The bits of the fields every event must have, in the mask of fields seen.
    private static let requiredMask: UInt64 = ledgerFields.enumerated().reduce(0) { mask, field in
        requiredLedgerFields.contains(field.element.nameText) ? mask | 1 << field.offset : mask
    }

    public static func decodeLedgerLine(_ line: UnsafeBufferPointer<UInt8>, dateEncoding: LedgerDateEncoding) -> StoreEvent? {
        // Only whole-second dates have a fast path; millisecond ledgers use JSONDecoder.
        guard dateEncoding == .iso8601, var reader = FlatJSONObjectReader(line) else { return nil }
        var event = StoreEvent(kind: .purchase, time: .distantPast, app: "", account: "", device: "")
        // A bit per field (the table stays under 62 fields, which a test checks) and one per
        // line member, so a repeated member falls back too.
        var seen: UInt64 = 0
        while true {
            switch reader.next() {
            case .unsupported:
                return nil
            case .end:
                return seen & requiredMask == requiredMask ? event : nil
            case let .member(key, value):
                let name = String(decoding: key, as: UTF8.self)
                if let position = fieldPositions[name] {
                    guard seen & (1 << position) == 0, ledgerFields[position].read(&event, value) else { return nil }
                    seen |= 1 << position
                } else {
                    let bit: UInt64
                    switch (name, value) {
                    case ("seq", .integer): bit = sequenceBit
                    case ("mac", .string): bit = macBit
                    default: return nil
                    }
                    guard seen & bit == 0 else { return nil }
                    seen |= bit
                }
            }
        }
    }
}
