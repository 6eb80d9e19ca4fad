import Foundation

/// The answer to one request: a status, a content type and the body bytes.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    /// Nil for a body-less answer; Apple's client parses an error body only when this is
    /// exactly `application/json`, with no charset.
    public var contentType: String?
    /// Extra headers, e.g. `Allow` on a 405.
    public var headers: [String: String]
    public var body: [UInt8]
    /// Whether the answer says the id the request named is unknown (a 404, or Look Up Order
    /// ID's status 1). Never sent: it lets the route table answer otherwise when the store
    /// cannot tell that for sure.
    public var saysIDIsUnknown = false

    public init(status: Int, contentType: String? = nil, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.contentType = contentType
        self.headers = headers
        self.body = body
    }

    public static let jsonContentType = "application/json"

    /// `value` encoded as JSON with status `status` (200 unless said).
    public static func json(_ value: some Encodable, status: Int = 200) -> HTTPResponse {
        do {
            return HTTPResponse(status: status, contentType: jsonContentType, body: Array(try encoder.encode(value)))
        } catch {
            return AppStoreAPIError.internalError(.writingAnswer).response
        }
    }

    /// An answer with no body, e.g. 200 for a PUT that returns nothing.
    public static func empty(status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status)
    }

    /// Keys sorted so that answers are the same bytes from one run to the next.
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
