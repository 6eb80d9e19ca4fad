import Foundation
import StoreCatalog
import StoreLedger

/// Writing a `StoreEvent` as ledger JSON without `JSONEncoder`.
///
/// Members are written in the order `JSONEncoder`'s sorted keys put them (byte order of the
/// names); the fields come from `StoreEvent.ledgerFields`, and a test checks the bytes against
/// the encoder for every field.
extension StoreEvent: LedgerLineEncodable {
    /// The declared fields sorted by the bytes of their names, as sorted keys order them.
    private static let fieldsInWritingOrder = ledgerFields.sorted { first, second in
        first.name.withUTF8Buffer { a in second.name.withUTF8Buffer { b in a.lexicographicallyPrecedes(b) } }
    }

    public func ledgerLineJSON(dateEncoding: LedgerDateEncoding) -> [UInt8]? {
        guard dateEncoding == .iso8601 else { return nil }
        var writer = FlatJSONObjectWriter()
        for field in Self.fieldsInWritingOrder { field.write(self, &writer) }
        return writer.result
    }
}

extension StoreEvent.Kind: LedgerMemberValue {}
extension ProductType: LedgerMemberValue {}
extension TimeRate: LedgerMemberValue {}
