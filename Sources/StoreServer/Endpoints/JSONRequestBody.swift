import Foundation
import StoreJSON
import StorefrontText

/// A request body read as the JSON object an endpoint takes; anything else is 400 with
/// Apple's GeneralBadRequestError, naming the field at fault and never a Swift type. A key
/// given twice is refused too: readers disagree on which value counts. A number too large for
/// a double is 400 naming its field, with the code of a wrong value of that field.
enum JSONRequestBody {
    static func decode<Body: EndpointRequestBody>(_ type: Body.Type, from request: HTTPRequest) throws(AppStoreAPIError) -> Body {
        guard !request.body.isEmpty else { throw .malformedBody(ServerText.emptyBody) }
        // Foundation's reader refuses a whole text over one number beyond a double, so the
        // project's parser reads it first, to name that number's field.
        let parsed = try? JSONParser.parseNotingAmbiguities(request.body)
        if let parsed, parsed.hasNumbersOutOfRange, parsed.root.objectMembers != nil, let number = parsed.root.numbersOutOfRange().first {
            throw .badRequest(Body.wrongValueCode(number.field),
                              ServerText.malformedBody(ServerText.numberOutOfRange(number.field, literal: number.node.numberLiteral ?? "")))
        }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any] else {
            throw .malformedBody(endsAfterAnObject(request.body) ? ServerText.textAfterTheObject : ServerText.notAJSONObject)
        }
        if let parsed, parsed.hasDuplicateKeys, let duplicate = parsed.root.duplicateKeys().first {
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

    /// Whether `body` starts with a whole JSON object and goes on after it, so that saying it
    /// is no object would send its writer looking for the wrong mistake.
    private static func endsAfterAnObject(_ body: [UInt8]) -> Bool {
        guard case .failure(let error) = Result(catching: { () throws(JSONSyntaxError) in try JSONParser.parse(body) }) else { return false }
        return error.reason == JSONParser.textAfterTheValue && body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
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
