import Foundation
import StoreJSON
import StorefrontText

/// A request body read as the JSON object an endpoint takes; anything else is 400 with
/// Apple's GeneralBadRequestError, naming the field at fault and never a Swift type. A key
/// given twice is refused too: readers disagree on which value counts. A number a double cannot
/// hold, too large (`1e400`) or too near zero (`1e-400`, which Foundation would read as 0), is
/// 400 naming its field, with the code of a wrong value of that field.
enum JSONRequestBody {
    static func decode<Body: EndpointRequestBody>(_ type: Body.Type, from request: HTTPRequest) throws(AppStoreAPIError) -> Body {
        guard !request.body.isEmpty else { throw .malformedBody(ServerText.emptyBody) }
        // The project's parser reads the body first: it says where a malformed body goes wrong,
        // and names the field of a number beyond a double, which Foundation refuses wholesale
        // when too large and takes as 0 when too near zero.
        let parsed: JSONParser.NotedParse
        do {
            parsed = try JSONParser.parseNotingAmbiguities(request.body, textName: "body")
        } catch {
            throw .malformedBody(describe(error, in: request.body))
        }
        if parsed.hasNumbersOutOfRange, parsed.root.objectMembers != nil, let number = parsed.root.numbersOutOfRange().first {
            throw .badRequest(Body.wrongValueCode(number.field), ServerText.malformedBody(refusal(of: number)))
        }
        guard parsed.root.objectMembers != nil,
              let object = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any] else {
            throw .malformedBody(ServerText.notAJSONObject)
        }
        if parsed.hasDuplicateKeys, let duplicate = parsed.root.duplicateKeys().first {
            throw .malformedBody(ServerText.repeatedKey(duplicate.field))
        }
        do {
            return try JSONDecoder().decode(Body.self, from: Data(request.body))
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context),
                  let DecodingError.dataCorrupted(context) {
            // Foundation on Linux reports a number that does not fit its field (1.5 or 1e30 for
            // an integer) with an empty coding path, so the field is found by leaving each out.
            let field = context.codingPath.isEmpty ? culprit(Body.self, in: object) : context.codingPath.map(\.stringValue).joined(separator: ".")
            throw .malformedBody(field.map(ServerText.wrongFieldType) ?? ServerText.someFieldHasTheWrongType)
        } catch {
            throw .malformedBody(ServerText.someFieldHasTheWrongType)
        }
    }

    /// Why a number a double cannot hold is refused, quoting it as the body wrote it.
    private static func refusal(of number: JSONNumberOutOfRange) -> String {
        let literal = number.node.numberLiteral ?? ""
        switch number.excess {
        case .tooLarge: return ServerText.numberOutOfRange(number.field, literal: literal)
        case .tooNearZero: return ServerText.numberTooNearZero(number.field, literal: literal)
        }
    }

    /// What is wrong with a body the parser refused, and where. A whole object with more after
    /// it is said so, or its writer would look for the wrong mistake.
    private static func describe(_ error: JSONSyntaxError, in body: [UInt8]) -> String {
        let whitespace: [UInt8] = [0x20, 0x09, 0x0A, 0x0D]
        let startsWithAnObject = body.first { !whitespace.contains($0) } == UInt8(ascii: "{")
        let reason = error.reason == JSONParser.textAfterTheValue && startsWithAnObject ? ServerText.textAfterTheObject : error.reason
        let line = body.contains(0x0A) ? (line: error.line, column: error.column) : nil
        return ServerText.syntaxError(reason, offset: error.offset, line: line)
    }

    /// The number `field` (a top-level one) as the body wrote it, for quoting a refused value as
    /// sent: Foundation reads `1e2` as 100.
    static func numberAsWritten(_ field: String, in request: HTTPRequest) -> String? {
        (try? JSONParser.parse(request.body))?[field]?.numberLiteral
    }

    /// The first top-level field without which `object` decodes (every field an endpoint
    /// takes is optional), or nil.
    private static func culprit<Body: Decodable>(_ type: Body.Type, in object: [String: Any]) -> String? {
        object.keys.sorted().first { key in
            var rest = object
            rest[key] = nil
            guard let data = try? JSONSerialization.data(withJSONObject: rest) else { return false }
            return (try? JSONDecoder().decode(Body.self, from: data)) != nil
        }
    }
}
