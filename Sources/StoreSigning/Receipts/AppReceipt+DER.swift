import Foundation

extension AppReceipt {
    /// The version every attribute states; Apple's receipts use 1 for the documented fields.
    private static let attributeVersion: Int64 = 1

    /// The receipt's ASN.1 payload: a SET of attributes, each SEQUENCE { type INTEGER,
    /// version INTEGER, value OCTET STRING }, as Apple documents it. Deterministic: the same
    /// receipt gives the same bytes.
    public var der: [UInt8] {
        var attributes = [
            Self.attribute(ReceiptField.receiptType.rawValue, DERWriter.utf8String(kind.rawValue)),
            Self.attribute(ReceiptField.bundleID.rawValue, DERWriter.utf8String(bundleID)),
            Self.attribute(ReceiptField.applicationVersion.rawValue, DERWriter.utf8String(applicationVersion)),
            Self.attribute(ReceiptField.opaqueValue.rawValue, opaqueValue),
            Self.attribute(ReceiptField.sha1Hash.rawValue, sha1Hash),
            Self.attribute(ReceiptField.creationDate.rawValue, DERWriter.ia5String(ReceiptDate.text(creationDate))),
            Self.attribute(ReceiptField.originalApplicationVersion.rawValue, DERWriter.utf8String(originalApplicationVersion)),
        ]
        if let expirationDate {
            attributes.append(Self.attribute(ReceiptField.expirationDate.rawValue, DERWriter.ia5String(ReceiptDate.text(expirationDate))))
        }
        attributes += inApp.map { Self.attribute(ReceiptField.inAppPurchase.rawValue, $0.der) }
        return DERWriter.set(attributes)
    }

    /// The bundle id field's value as the receipt holds it (a DER UTF8String): what the
    /// SHA-1 hash covers.
    static func bundleIDField(_ bundleID: String) -> [UInt8] { DERWriter.utf8String(bundleID) }

    static func attribute(_ type: Int64, _ value: [UInt8]) -> [UInt8] {
        DERWriter.sequence([DERWriter.integer(type), DERWriter.integer(attributeVersion), DERWriter.octetString(value)])
    }

    /// Reads a receipt payload; anything but a SET of well-formed attributes holding every
    /// required field is refused with where it went wrong. Unknown field numbers are skipped,
    /// as in Apple's receipts, which hold undocumented ones.
    public init(der bytes: [UInt8]) throws(AppReceiptFormatError) {
        let fields = try Self.attributes(of: bytes[...], context: "the receipt")
        var inApp: [InAppPurchaseReceipt] = []
        var values: [ReceiptField: ArraySlice<UInt8>] = [:]
        for (type, value) in fields {
            guard let field = ReceiptField(rawValue: type) else { continue }
            if field == .inAppPurchase {
                inApp.append(try InAppPurchaseReceipt(der: value))
            } else if values.updateValue(value, forKey: field) != nil {
                throw AppReceiptFormatError(reason: "field \(type) appears twice")
            }
        }
        func required(_ field: ReceiptField) throws(AppReceiptFormatError) -> ArraySlice<UInt8> {
            guard let value = values[field] else { throw AppReceiptFormatError(reason: "field \(field.rawValue) is missing") }
            return value
        }
        let kindText = try Self.text(try required(.receiptType), field: ReceiptField.receiptType.rawValue)
        guard let kind = Kind(rawValue: kindText) else {
            throw AppReceiptFormatError(reason: "field 0 names the receipt type \"\(kindText)\", neither Production nor ProductionSandbox")
        }
        self.init(
            kind: kind,
            bundleID: try Self.text(try required(.bundleID), field: ReceiptField.bundleID.rawValue),
            applicationVersion: try Self.text(try required(.applicationVersion), field: ReceiptField.applicationVersion.rawValue),
            originalApplicationVersion: try Self.text(try required(.originalApplicationVersion),
                                                      field: ReceiptField.originalApplicationVersion.rawValue),
            opaqueValue: Array(try required(.opaqueValue)), sha1Hash: Array(try required(.sha1Hash)),
            creationDate: try Self.date(try required(.creationDate), field: ReceiptField.creationDate.rawValue),
            expirationDate: try values[.expirationDate].map { value throws(AppReceiptFormatError) in
                try Self.date(value, field: ReceiptField.expirationDate.rawValue)
            },
            inApp: inApp)
    }

    /// The (type, value) pairs of a SET of receipt attributes filling all of `bytes`.
    static func attributes(of bytes: ArraySlice<UInt8>, context: String) throws(AppReceiptFormatError) -> [(Int64, ArraySlice<UInt8>)] {
        do throws(DERError) {
            var outer = DERReader(bytes)
            let set = try outer.next(DERTag.set)
            guard outer.isAtEnd else { throw DERError.trailingBytes(at: set.contents.endIndex) }
            var reader = DERReader(set.contents)
            var attributes: [(Int64, ArraySlice<UInt8>)] = []
            while !reader.isAtEnd {
                var attribute = DERReader(try reader.next(DERTag.sequence).contents)
                let type = try attribute.next(DERTag.integer).integer()
                _ = try attribute.next(DERTag.integer).integer()
                let value = try attribute.next(DERTag.octetString).contents
                guard attribute.isAtEnd else { throw DERError.trailingBytes(at: value.endIndex) }
                attributes.append((type, value))
            }
            return attributes
        } catch {
            throw AppReceiptFormatError(reason: "\(context) is not a SET of receipt attributes (\(error.explanation))")
        }
    }

    /// The text a field's value holds: one UTF8String (or IA5String) filling the value.
    static func text(_ value: ArraySlice<UInt8>, field: Int64) throws(AppReceiptFormatError) -> String {
        try single(value, field: field, kind: "one string") { element throws(DERError) in try element.text() }
    }

    /// The integer a field's value holds: one INTEGER filling the value.
    static func integer(_ value: ArraySlice<UInt8>, field: Int64) throws(AppReceiptFormatError) -> Int64 {
        try single(value, field: field, kind: "one INTEGER") { element throws(DERError) in try element.integer() }
    }

    /// The one element filling a field's value, read by `read`.
    private static func single<Value>(_ value: ArraySlice<UInt8>, field: Int64, kind: String,
                                      _ read: (DERReader.Element) throws(DERError) -> Value) throws(AppReceiptFormatError) -> Value {
        do throws(DERError) {
            var reader = DERReader(value)
            let read = try read(try reader.next())
            guard reader.isAtEnd else { throw DERError.trailingBytes(at: value.endIndex) }
            return read
        } catch {
            throw AppReceiptFormatError(reason: "field \(field) does not hold \(kind) (\(error.explanation))")
        }
    }

    /// The date a field's value holds: an IA5String in RFC 3339 form.
    static func date(_ value: ArraySlice<UInt8>, field: Int64) throws(AppReceiptFormatError) -> Date {
        let text = try text(value, field: field)
        guard let date = ReceiptDate.date(text) else {
            throw AppReceiptFormatError(reason: "field \(field) holds \"\(text)\", not an RFC 3339 date in UTC")
        }
        return date
    }
}

/// Why bytes are not an app receipt's payload.
public struct AppReceiptFormatError: Error, Equatable, Sendable, CustomStringConvertible {
    public var reason: String
    public var description: String { "the receipt's contents cannot be read: \(reason)" }
}

extension DERError {
    /// What went wrong, where, in a few words.
    var explanation: String {
        switch self {
        case let .truncated(offset): "it ends early, at byte \(offset)"
        case let .badLength(offset): "the length at byte \(offset) is not a DER length"
        case let .unexpectedTag(tag, offset): "unexpected tag 0x\(String(tag, radix: 16)) at byte \(offset)"
        case let .badInteger(offset): "the INTEGER at byte \(offset) is empty or too long"
        case let .badText(offset): "the string at byte \(offset) is not UTF-8"
        case let .trailingBytes(offset): "bytes follow the value at byte \(offset)"
        }
    }
}
