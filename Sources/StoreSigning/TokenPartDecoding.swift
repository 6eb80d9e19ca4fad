import Foundation
import StoreJSON

/// Why a token's header or claims did not decode, in words that name the field: "the header's
/// x5c is not of the type it must be" rather than "not a JSON object", which reads as if the
/// part were no JSON at all.
public enum TokenPartDecoding {
    /// What makes `bytes` no JSON object that every reader reads alike, before any field is
    /// looked at; nil when there is nothing. The project's parser reads it: Foundation refuses a
    /// number beyond a double (`1e400`) as if the whole part were no JSON, where this names its
    /// field, and takes one of a field given twice where other readers (Apple's library) take
    /// the other (an `exp` twice: which expiry? a `transactionId` twice: which transaction?).
    public static func problem(in bytes: [UInt8], part: String) -> TokenPartProblem? {
        let parsed: JSONParser.NotedParse
        do {
            parsed = try JSONParser.parseNotingAmbiguities(bytes, textName: part)
        } catch {
            return TokenPartProblem(part: part, field: nil, kind: .unreadable(error.reason))
        }
        guard parsed.root.objectMembers != nil else { return TokenPartProblem(part: part, field: nil, kind: .notJSONObject) }
        if parsed.hasNumbersOutOfRange, let number = parsed.root.numbersOutOfRange().first {
            return TokenPartProblem(part: part, field: number.field, kind: .outOfRange)
        }
        if parsed.hasDuplicateKeys, let duplicate = parsed.root.duplicateKeys().first {
            return TokenPartProblem(part: part, field: duplicate.field, kind: .repeated)
        }
        return nil
    }

    /// `part` ("header", "claims") decoded as `T`, or the words for what was wrong with it.
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], part: String) -> Result<T, TokenPartProblem> {
        if let problem = problem(in: bytes, part: part) { return .failure(problem) }
        do {
            return .success(try JSONDecoder().decode(type, from: Data(bytes)))
        } catch let error as DecodingError {
            return .failure(TokenPartProblem(part: part, error: error))
        } catch {
            return .failure(TokenPartProblem(part: part, field: nil, kind: .notJSONObject))
        }
    }
}

/// What made a token's part undecodable.
public struct TokenPartProblem: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        case notJSONObject, missing, outOfRange, repeated
        /// No JSON at all, for `reason` (the parser's words).
        case unreadable(String)
        /// `expected`: what it must be, in words ("a string"), when known.
        case wrongType(expected: String?)
    }
    public let part: String
    /// The field at fault, by its JSON name; nil when the part as a whole is at fault.
    public let field: String?
    public let kind: Kind

    init(part: String, field: String?, kind: Kind) {
        self.part = part
        self.field = field
        self.kind = kind
    }

    init(part: String, error: DecodingError) {
        func name(_ path: [CodingKey]) -> String? {
            path.isEmpty ? nil : path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case let .typeMismatch(type, context), let .valueNotFound(type, context):
            self.init(part: part, field: name(context.codingPath), kind: .wrongType(expected: Self.words(for: type)))
        case let .keyNotFound(key, context):
            self.init(part: part, field: name(context.codingPath + [key]), kind: .missing)
        case let .dataCorrupted(context):
            // A number too large for its type is corrupted data at its field; bytes that are no JSON, at none.
            self.init(part: part, field: name(context.codingPath), kind: name(context.codingPath) == nil ? .notJSONObject : .outOfRange)
        @unknown default:
            self.init(part: part, field: nil, kind: .notJSONObject)
        }
    }

    private static func words(for type: Any.Type) -> String? {
        if let described = type as? TokenFieldType.Type { return described.expectedWords }
        if type is String.Type { return "a string" }
        if type is Double.Type || type is Int.Type || type is Int64.Type { return "a number" }
        if type is [String].Type || type is [Any].Type { return "a list" }
        return nil
    }

    public var description: String {
        switch (kind, field) {
        case let (.wrongType(expected), field?):
            "the token's \(part) field \(field) has the wrong type" + (expected.map { " (it must be \($0))" } ?? "")
        case let (.outOfRange, field?): "the token's \(part) field \(field) is a number out of range"
        case let (.missing, field?): "the token's \(part) has no \(field) field"
        case let (.repeated, field?): "the token's \(part) \(part.hasSuffix("s") ? "give" : "gives") \(field) more than once; give it once"
        case let (.unreadable(reason), _): "the token's \(part) \(part.hasSuffix("s") ? "are" : "is") not JSON this store reads: \(reason)"
        default: "the token's \(part) \(part.hasSuffix("s") ? "are" : "is") not a JSON object"
        }
    }
}

/// A field's type that a token may give in more than one form, with the words for what it must be.
public protocol TokenFieldType {
    /// "a string or a list of strings".
    static var expectedWords: String { get }
}
