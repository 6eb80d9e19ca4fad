import StorefrontText

/// A refusal in the App Store Server API's own shape: an HTTP status and the body
/// `{"errorCode": 4040010, "errorMessage": "…"}`, with Apple's numeric codes.
///
/// Where Apple documents no code for a status (401, 404 for an unknown path, 405, 413), the
/// code follows the pattern of Apple's general codes — the status times 10,000, as
/// `GeneralBadRequestError` is 4000000 and `GeneralInternalError` 5000000.
public struct AppStoreAPIError: Error, Sendable, Equatable {
    public var httpStatus: Int
    public var errorCode: Int
    public var errorMessage: String
    /// Whether this refusal says the id asked for names nothing (see `HTTPResponse.saysIDIsUnknown`).
    public var saysIDIsUnknown = false

    public init(httpStatus: Int, errorCode: Int, errorMessage: String) {
        self.httpStatus = httpStatus
        self.errorCode = errorCode
        self.errorMessage = errorMessage
    }

    /// The body Apple's clients read.
    struct Body: Encodable {
        var errorCode: Int
        var errorMessage: String
    }

    /// The answer carrying this error.
    public var response: HTTPResponse {
        var response = HTTPResponse.json(Body(errorCode: errorCode, errorMessage: errorMessage), status: httpStatus)
        response.status = httpStatus
        response.saysIDIsUnknown = saysIDIsUnknown
        return response
    }
}

extension AppStoreAPIError {
    /// Apple's error codes that this server answers with (names as in Apple's documentation).
    public enum Code {
        public static let generalBadRequest = 4_000_000
        public static let invalidAppIdentifier = 4_000_002
        public static let invalidRequestRevision = 4_000_005
        public static let invalidTransactionID = 4_000_006
        public static let invalidOriginalTransactionID = 4_000_008
        public static let invalidExtendByDays = 4_000_009
        public static let invalidExtendReasonCode = 4_000_010
        public static let invalidRequestIdentifier = 4_000_011
        public static let startDateAfterEndDate = 4_000_013
        public static let invalidStartDate = 4_000_015
        public static let invalidEndDate = 4_000_016
        public static let invalidSort = 4_000_021
        public static let invalidProductType = 4_000_022
        public static let invalidProductID = 4_000_023
        public static let invalidSubscriptionGroupIdentifier = 4_000_024
        public static let invalidInAppOwnershipType = 4_000_026
        public static let invalidRevoked = 4_000_030
        public static let invalidStatus = 4_000_031
        public static let invalidAccountTenure = 4_000_032
        public static let invalidAppAccountToken = 4_000_033
        public static let invalidConsumptionStatus = 4_000_034
        public static let invalidCustomerConsented = 4_000_035
        public static let invalidDeliveryStatus = 4_000_036
        public static let invalidLifetimeDollarsPurchased = 4_000_037
        public static let invalidLifetimeDollarsRefunded = 4_000_038
        public static let invalidPlatform = 4_000_039
        public static let invalidPlayTime = 4_000_040
        public static let invalidSampleContentProvided = 4_000_041
        public static let invalidUserStatus = 4_000_042
        public static let invalidTransactionNotConsumable = 4_000_043
        public static let subscriptionExtensionIneligible = 4_030_004
        public static let subscriptionMaxExtension = 4_030_005
        public static let originalTransactionIDNotFound = 4_040_005
        public static let transactionIDNotFound = 4_040_010
        public static let generalInternal = 5_000_000
        public static let generalInternalRetryable = 5_000_001
        /// Storefront's, after Apple's pattern: Apple documents the statuses without a code.
        public static let unauthorized = 4_010_000
        public static let pathNotFound = 4_040_000
        public static let methodNotAllowed = 4_050_000
        public static let bodyTooLarge = 4_130_000
    }

    /// 400 with `code`: a parameter or body field that is not what the endpoint takes.
    public static func badRequest(_ code: Int, _ message: String) -> AppStoreAPIError {
        AppStoreAPIError(httpStatus: 400, errorCode: code, errorMessage: message)
    }

    /// 401: no usable bearer token; `reason` says which check failed (never the token itself).
    public static func unauthorized(_ reason: String) -> AppStoreAPIError {
        AppStoreAPIError(httpStatus: 401, errorCode: Code.unauthorized, errorMessage: ServerText.unauthorized(reason))
    }

    /// 404 with `code`: the id names nothing this caller may see.
    public static func notFound(_ code: Int, _ message: String) -> AppStoreAPIError {
        var error = AppStoreAPIError(httpStatus: 404, errorCode: code, errorMessage: message)
        error.saysIDIsUnknown = true
        return error
    }

    /// 404 for a path no route serves.
    public static func unknownPath(_ path: String) -> AppStoreAPIError {
        AppStoreAPIError(httpStatus: 404, errorCode: Code.pathNotFound, errorMessage: ServerText.unknownPath(path))
    }

    /// 405 for a path served, but not with this method.
    public static func methodNotAllowed(_ method: String, path: String, allowed: [String]) -> AppStoreAPIError {
        AppStoreAPIError(httpStatus: 405, errorCode: Code.methodNotAllowed,
                         errorMessage: ServerText.methodNotAllowed(method, path: path, allowed: allowed))
    }

    /// 413 for a body over the server's limit.
    public static func bodyTooLarge(limit: Int) -> AppStoreAPIError {
        AppStoreAPIError(httpStatus: 413, errorCode: Code.bodyTooLarge, errorMessage: ServerText.bodyTooLarge(limit: limit))
    }

    /// 400 for a body that is not the JSON object the endpoint takes.
    public static func malformedBody(_ detail: String) -> AppStoreAPIError {
        badRequest(Code.generalBadRequest, ServerText.malformedBody(detail))
    }

    /// What the store could not do when it answers 500.
    ///
    /// A fixed set rather than the underlying error's text: that text names files on the
    /// server's disk and advises commands for its terminal, neither of which is the client's.
    public enum InternalFailure: Sendable, CaseIterable {
        case readingStore, recordingChange, signing, writingAnswer, notificationsUnavailable, testNotificationMissing

        var text: String {
            typealias Words = ServerText.InternalFailure
            switch self {
            case .readingStore: return Words.readingStore
            case .recordingChange: return Words.recordingChange
            case .signing: return Words.signing
            case .writingAnswer: return Words.writingAnswer
            case .notificationsUnavailable: return Words.notificationsUnavailable
            case .testNotificationMissing: return Words.testNotificationMissing
            }
        }
    }

    /// 500: the store could not answer (a damaged or unreadable ledger, a signing failure);
    /// one line saying what failed, without paths or the underlying error.
    public static func internalError(_ failure: InternalFailure) -> AppStoreAPIError {
        AppStoreAPIError(httpStatus: 500, errorCode: Code.generalInternal, errorMessage: ServerText.internalError(failure.text))
    }
}

extension AppStoreAPIError {
    /// 500 with Apple's retryable code, instead of an answer that an id is unknown, while the
    /// store holds only part of its events: the id may be in the part it cannot read now.
    public static let storeReadInPart = AppStoreAPIError(httpStatus: 500, errorCode: Code.generalInternalRetryable,
                                                         errorMessage: ServerText.storeReadInPart)

    /// 500 with Apple's retryable code, instead of a 401 that the token's API key is unknown,
    /// while the store holds only part of its events: the key may be in the part it cannot read.
    public static let keyReadInPart = AppStoreAPIError(httpStatus: 500, errorCode: Code.generalInternalRetryable,
                                                       errorMessage: ServerText.keyReadInPart)

    /// 500 with Apple's retryable code while the store's database cannot be reached: the
    /// same request may well succeed once it is back.
    public static let storeUnreachable = AppStoreAPIError(httpStatus: 500, errorCode: Code.generalInternalRetryable,
                                                          errorMessage: ServerText.storeUnreachable)
}
