import Foundation
import StoreJSON
import StorefrontText

/// A request body read as the JSON object an endpoint takes; anything else is 400 with
/// Apple's GeneralBadRequestError, naming the field at fault and never a Swift type. A key
/// given twice is refused too: readers disagree on which value counts.
enum JSONRequestBody {
    static func decode<Body: Decodable>(_ type: Body.Type, from request: HTTPRequest) throws(AppStoreAPIError) -> Body {
        guard !request.body.isEmpty else { throw .malformedBody(ServerText.emptyBody) }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any] else {
            throw .malformedBody(endsAfterAnObject(request.body) ? ServerText.textAfterTheObject : ServerText.notAJSONObject)
        }
        if let duplicate = JSONParser.firstDuplicateKey(in: request.body) {
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
