import Foundation
import StorefrontText

/// A request body read as the JSON object an endpoint takes; anything else is 400 with
/// Apple's GeneralBadRequestError.
enum JSONRequestBody {
    static func decode<Body: Decodable>(_ type: Body.Type, from request: HTTPRequest) throws(AppStoreAPIError) -> Body {
        guard !request.body.isEmpty else { throw .malformedBody(ServerText.emptyBody) }
        guard (try? JSONSerialization.jsonObject(with: Data(request.body))) is [String: Any] else {
            throw .malformedBody(ServerText.notAJSONObject)
        }
        do {
            return try JSONDecoder().decode(Body.self, from: Data(request.body))
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw .malformedBody(ServerText.wrongFieldType(context.codingPath.map(\.stringValue).joined(separator: ".")))
        } catch {
            throw .malformedBody("\(error)")
        }
    }
}
