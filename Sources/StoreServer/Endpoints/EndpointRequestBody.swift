/// A JSON body an endpoint takes, with Apple's error code for a wrong value of each of its
/// fields that has one, so that a value refused before the endpoint sees it (a number out of
/// range) gets the code the endpoint answers for that field.
protocol EndpointRequestBody: Decodable {
    /// Apple's code for a wrong value, by field name.
    static var wrongValueCodes: [String: Int] { get }
}

extension EndpointRequestBody {
    /// Apple's code for a wrong value of `field`: its own, or GeneralBadRequestError for a field
    /// without one (and for a field the endpoint does not take).
    static func wrongValueCode(_ field: String) -> Int {
        wrongValueCodes[field] ?? AppStoreAPIError.Code.generalBadRequest
    }
}
