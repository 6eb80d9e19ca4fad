import Foundation
import StoreEngine
import StoreLedger

/// What `storefront serve` says: on its terminal, and in the `errorMessage` of its error bodies.
public enum ServerText {
    public static func listening(host: String, port: Int) -> String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "listening on http://\(shownHost):\(port)"
    }

    public static let stopped = "stopped serving"

    /// Why `serve` stopped at once: its first line, which scripts read for the address, was lost.
    public static let addressNotWritten = "the server stopped at once: its `listening on` line, where scripts read its address, "
        + "could not be written to standard output"

    /// One line per app served, after the `listening on` line.
    public static func servingApp(bundleID: String, appName: String, catalogSource: String) -> String {
        "serving \(bundleID) (\(appName), catalog \(catalogSource))"
    }

    public static func unservedApp(_ bundleID: String) -> String {
        "the store holds events of \(bundleID), which this server does not serve; "
            + "add --catalog with that app's catalog to serve it too"
    }

    /// What a server keeps in a file beside the entitlements file, and what it cannot do
    /// without it.
    public enum SideFile: Sendable {
        case address, deliveryClaim

        /// What a file at the address's path is that holds something else.
        public static let notAnAddress = "a file that holds no server's address"

        var words: (holds: String, without: String) {
            switch self {
            case .address:
                ("its address", "storefronts and `storefront notifications` cannot tell that this server serves the app")
            case .deliveryClaim:
                ("its claim to deliver the app's notifications", "it delivers no notifications")
            }
        }
    }

    /// Something other than an ordinary file stands where a server keeps one of its files;
    /// `moveAside` is the command that clears the path.
    public static func sideFileInTheWay(_ path: String, found: String, role: SideFile, moveAside: String) -> String {
        "\(path) is \(found), where storefront serve keeps \(role.words.holds) in an ordinary file; until it is moved away "
            + "(`\(moveAside)`) \(role.words.without)"
    }

    /// A sentence about one app's notification delivery, when a server serves several.
    public static func aboutApp(_ bundleID: String, _ sentence: String) -> String { "\(bundleID): \(sentence)" }

    /// `variable` names `path`, which cannot be used as trusted roots for `https` notification URLs.
    public static func unusableTrustedRoots(variable: String, path: String, reason: String) -> String {
        "\(variable) names \(path), which \(reason): the certificates it was to add are not trusted, so notifications "
            + "to https URLs that need them are refused as untrusted. "
            + (variable == "SSL_CERT_DIR" ? "Point it at a folder of certificates named by their hash" : "Point it at a file of certificates in PEM form")
            + ", or unset it for the system's roots."
    }

    public static func notLoopback(_ host: String) -> String {
        "serving on \(host), which is not a loopback address: other machines can reach this store and ask for its "
            + "transactions with a valid API key. Use --host 127.0.0.1 to serve this machine only."
    }

    public static func notAnAddress(_ host: String) -> String {
        "\"\(host)\" is not an IP address: give --host an IPv4 or IPv6 address such as 127.0.0.1 or ::1 (or \"localhost\")."
    }

    public static func notAPort(_ text: String) -> String {
        "\"\(text)\" is not a port: give --port a number from 0 to 65535 (0 picks a free port)."
    }

    public static func notATimeout(_ text: String) -> String {
        "\"\(text)\" is not a timeout: give --idle-timeout a whole number of seconds from 1 to 3600."
    }

    public static func cannotListen(host: String, port: Int, reason: String) -> String {
        "cannot listen on \(host) port \(port): \(reason). Choose another --port (0 picks a free one) or stop what uses it."
    }

    public static func cannotStart(_ reason: String) -> String {
        "the HTTP server could not start: \(reason)."
    }

    public static func unauthorized(_ reason: String) -> String {
        "Unauthorized: \(reason). Send `Authorization: Bearer JWT`, signed ES256 with a key from `storefront api-key create`."
    }

    public static func unknownPath(_ path: String) -> String {
        "No endpoint at \(path). This server answers the App Store Server API paths listed in the README."
    }

    public static func methodNotAllowed(_ method: String, path: String, allowed: [String]) -> String {
        "\(path) does not take \(method); it takes \(allowed.joined(separator: ", "))."
    }

    public static func bodyTooLarge(limit: Int) -> String {
        "The request body is over the limit of \(limit) bytes; App Store Server API bodies are far smaller."
    }

    public static func malformedBody(_ detail: String) -> String {
        "The request body is not valid: \(detail)."
    }

    private static let trustTheNewRoot =
        "An app's server must trust its root to verify what is signed now (`storefront certificate --der` prints it)"

    /// A certificate authority file replaced while serving, and loaded: signing goes on with it.
    public static func authorityReplaced(_ path: String) -> String {
        "the certificate authority \(path) was replaced; signing with the new one from now on. \(trustTheNewRoot)"
    }

    /// A certificate authority file deleted while serving: a new one was made and signs from now on.
    public static func authorityMadeAnew(_ path: String) -> String {
        "the certificate authority \(path) was missing, so a new one was made; signing with it from now on. \(trustTheNewRoot)"
    }

    /// A certificate authority file changed while serving, and refused: nothing is signed.
    public static func authorityRefused(_ reason: String) -> String {
        "the certificate authority changed and is refused, so nothing is signed (signed answers are 500, notifications "
            + "wait) until it is mended: \(reason)"
    }

    /// A refused certificate authority file changed back to the one signed with before.
    public static func authorityRestored(_ path: String) -> String {
        "the certificate authority \(path) is the one this server signed with before; signing with it again"
    }

    /// What `serve` prints on stderr when it answered 500: the cause the answer leaves out.
    public static func internalFailureReport(_ failure: String, cause: String) -> String {
        "answered 500 (\(failure)): \(cause)"
    }

    public static func internalError(_ failure: String) -> String {
        "The store could not answer: \(failure). Try again; if it keeps failing, the store needs its operator's attention."
    }

    /// The retryable 500 answered instead of "not found" while the ledger is damaged.
    public static let storeReadInPart = "The store cannot be read whole right now, so it cannot tell whether this id exists. Try again later."

    /// The retryable 500 answered while the store's database cannot be reached.
    public static let storeUnreachable = "The store's database cannot be reached right now. Try again later."

    /// What `serve` prints on stderr for that 500: which database, and why it cannot be reached.
    public static func storeUnreachableReport(store: String, reason: String) -> String {
        internalFailureReport("the store's database cannot be reached", cause: "the store at \(store) is unreachable (\(reason))")
    }

    /// What `serve` prints on stderr for that 500: the damage it answers from before, in the
    /// words of the store in `medium` (a database's rows, a file's lines).
    public static func storeReadInPartReport(_ problems: [LedgerProblem], in medium: StoreMedium) -> String {
        internalFailureReport("it answers from the lines before the damage, so an id it does not find may be after it",
                              cause: problems.map { StoreProblemText.describe($0, in: medium) }.joined(separator: "; "))
    }

    /// The retryable 500 answered instead of 401 for a token whose API key is not found while
    /// the ledger is damaged.
    public static let keyReadInPart =
        "The store cannot be read whole right now, so it cannot tell whether the token's API key exists. Try again later."

    /// What `serve` prints on stderr for that 500: the key, where trust stops, and the damage.
    public static func keyReadInPartReport(keyID: String, firstUntrustedLine: Int, medium: StoreMedium,
                                           problems: [String]) -> String {
        internalFailureReport("no API key \(keyID) is in what it reads, which \(trustStops(beforeLine: firstUntrustedLine, in: medium)); "
                                + "the key may be recorded after the damage",
                              cause: problems.joined(separator: "; "))
    }

    /// Where a damaged store's reading stops, in the words of the command line's damage warnings.
    static func trustStops(beforeLine line: Int, in medium: StoreMedium) -> String {
        switch medium {
        case .entitlementsFile:
            return "stops before line \(line), the first that cannot be trusted"
        case .database:
            let sequence = StoreProblemText.sequence(ofLine: line)
            return sequence == 0 ? "holds none of its rows, since none can be trusted"
                : "stops before row seq \(sequence), the first that cannot be trusted"
        }
    }

    /// What failed behind a 500, for the client: no paths, no commands to run.
    public enum InternalFailure {
        public static let readingStore = "it could not read its entitlements"
        public static let recordingChange = "it could not record the change"
        public static let signing = "it could not sign the answer"
        public static let writingAnswer = "it could not write the answer as JSON"
        public static let notificationsUnavailable = "this server was started without its notifications"
        public static let testNotificationMissing = "the test notification was recorded but cannot be found"
    }
}

extension ServerText {
    /// Why a bearer token was refused (the 401's message); never the token itself.
    public enum TokenRefusal {
        public static let missing = "the request has no Authorization header"
        public static let notBearer = "the Authorization header is not `Bearer TOKEN`"
        public static func severalHeaders(_ count: Int) -> String {
            "the request has \(count) Authorization headers; send exactly one"
        }
        public static let notCompactJWS = "the token is not a JWS of three base64url parts"
        public static func algorithm(_ name: String?) -> String {
            "the token is signed with \(name.map { "\"\($0)\"" } ?? "no algorithm"); only ES256 is accepted"
        }
        public static let noKeyID = "the token's header has no kid naming the API key"
        public static func keyOfAnotherApp(_ keyID: String, owner: String, claimed: String) -> String {
            "the API key \(keyID) is a key of \(owner), and the token's bid is \(claimed); sign with a key of \(claimed) "
                + "(`storefront --catalog CATALOG api-key create` with its catalog), or give the token bid \(owner)"
        }
        public static func unknownKey(_ keyID: String) -> String {
            "this store has no API key \(keyID); make one with `storefront api-key create` (see `storefront api-key list`)"
        }
        /// `date` is store time, as every event's: said so, since the token's own dates are wall-clock time.
        public static func revokedKey(_ keyID: String, on date: Date) -> String {
            "the API key \(keyID) was revoked at store time \(date.formatted(.iso8601)) (the store's clock, not the wall clock "
                + "the token's dates are checked against); make a new one with `storefront api-key create`"
        }
        public static func badSignature(_ keyID: String) -> String {
            "the token's signature does not verify with the API key \(keyID); sign with that key's .p8 file"
        }
        public static func wrongIssuer(_ issuer: String?) -> String {
            "the token's iss \(issuer.map { "\"\($0)\"" } ?? "is missing and") does not match the key's issuer id (see `storefront api-key list`)"
        }
        public static func wrongAudience(_ audience: String) -> String { "the token's aud is not \"\(audience)\"" }
        public static func wrongBundle(_ bundle: String?, served: [String]) -> String {
            let apps = served.count == 1 ? "the app served, \(served[0])" : "an app served: \(served.joined(separator: ", "))"
            return "the token's bid \(bundle.map { "\"\($0)\"" } ?? "is missing; it") must be the bundle id of \(apps)"
        }
        public static let noExpiry = "the token has no exp"
        public static let expired = "the token has expired; sign a new one"
        public static let issuedInFuture = "the token's iat is in the future"
        public static let lifeTooLong = "the token lives longer than 60 minutes (exp - iat); Apple refuses such tokens too"
    }
}

extension ServerText {
    /// An endpoint that takes an original transaction id was given a later one of the subscription.
    public static func notOriginalTransaction(_ id: String, original: String) -> String {
        "Transaction \(id) is not an original transaction id: it belongs to the subscription whose original transaction is \(original); "
            + "give that one."
    }

    public static func noTransaction(_ id: String) -> String {
        "No transaction \(id) for this app. See `storefront transactions` for the ids the store has issued."
    }

    public static func notATransactionID(_ text: String) -> String {
        "\"\(shortened(text, to: 40))\" is not a transaction id: ids are up to 19 digits."
    }
}

extension ServerText {
    public static let invalidRevision = "The revision is not one this server gave; send the revision of the previous answer, or none for the first page."
    public static let startAfterEnd = "startDate is after endDate; give a startDate before the endDate"

    public static func invalidValue(_ name: String, _ value: String, allowed: [String]) -> String {
        "\"\(shortened(value, to: 60))\" is not a valid \(name); give one of \(allowed.joined(separator: ", "))."
    }

    public static func repeatedQueryParameter(_ name: String, count: Int) -> String {
        "The query parameter \(shortened(name, to: 60)) is given \(count) times; give it at most once."
    }

    public static func hostHeaders(count: Int) -> String {
        count == 0 ? "an HTTP/1.1 request needs a Host header (RFC 9112 §3.2); send the server's host and port in one"
            : "an HTTP/1.1 request has one Host header, this one has \(count); send one"
    }

    public static func notMilliseconds(_ name: String, _ value: String) -> String {
        "\(name) \"\(shortened(value, to: 40))\" is not a date in milliseconds since 1970."
    }
}

extension ServerText {
    public static let emptyBody = "the endpoint takes a JSON object and the body is empty"
    public static let notAJSONObject = "it is not a JSON object"
    public static let textAfterTheObject = "there is text after the JSON object; send the object alone"

    /// A body that is not JSON: where (line and column only when it has several lines), and why.
    public static func syntaxError(_ reason: String, offset: Int, line: (line: Int, column: Int)?) -> String {
        "at byte \(offset)" + (line.map { " (line \($0.line), column \($0.column))" } ?? "") + ", " + reason
    }

    /// The 400 for a request whose `Content-Length` headers disagree.
    public static func conflictingContentLengths(_ values: [String]) -> String {
        "The request has Content-Length headers that disagree (\(values.map { "\"\(shortened($0, to: 20))\"" }.joined(separator: ", "))), "
            + "so where its body ends is not known; send one Content-Length header."
    }

    /// The 400 for a request with both `Content-Length` and `Transfer-Encoding`.
    public static func lengthBesideTransferEncoding(_ encodings: [String]) -> String {
        "The request has both Content-Length and Transfer-Encoding (\(encodings.map { "\"\(shortened($0, to: 20))\"" }.joined(separator: ", "))), "
            + "so where its body ends is in doubt; send one of them. The connection is closed."
    }

    public static func wrongFieldType(_ field: String) -> String { "the field \(field) has the wrong type" }
    public static func numberOutOfRange(_ field: String, literal: String) -> String {
        "the number \(shortened(literal, to: 40)) in the field \(shortened(field, to: 60)) is out of range: no number beyond about 1.8e308 "
            + "can be read; send a value the field takes"
    }
    /// A number that is not 0 but too near it for a double, which readers take as 0.
    public static func numberTooNearZero(_ field: String, literal: String) -> String {
        "the number \(shortened(literal, to: 40)) in the field \(shortened(field, to: 60)) is out of range: it is not 0, yet nearer to 0 "
            + "than any number that can be read (about 4.9e-324), so it would be taken as 0; send a value the field takes"
    }
    public static func repeatedKey(_ field: String) -> String { "the key \"\(shortened(field, to: 60))\" is given more than once; give each key once" }
    public static let someFieldHasTheWrongType = "a field has the wrong type; compare it with Apple's documentation of the request"

    public static func notConsumable(_ id: String) -> String {
        "Transaction \(id) is not a consumable; consumption information is for consumables."
    }

    public static let consentRequired = "customerConsented must be true: send consumption information only with the customer's consent."

    /// `written` is the value as the body wrote it, when that is not how Foundation read it (`1e2` for 100).
    public static func outOfRange(_ name: String, _ value: Int?, written: String? = nil, range: ClosedRange<Int>?) -> String {
        let given = value.map { "\(written.map { shortened($0, to: 40) } ?? String($0)) is not a valid \(name)" } ?? "\(name) is missing"
        return given + (range.map { "; give a number from \($0.lowerBound) to \($0.upperBound)." } ?? ".")
    }

    public static func notAUUID(_ name: String) -> String { "\(name) must be a UUID or empty." }

    public static let badRequestIdentifier = "requestIdentifier must be a non-empty string of at most 128 bytes (a UUID is usual)."

    public static func extensionIneligible(_ id: String) -> String {
        "The subscription of transaction \(id) cannot be extended: only an active auto-renewable subscription can."
    }

    public static func extensionIneligibleInFreeOffer(_ id: String) -> String {
        "The subscription of transaction \(id) cannot be extended: it is in a period an offer gives free (a free trial), "
            + "which the App Store does not extend."
    }

    public static func tooManyExtensions(maximum: Int) -> String {
        "This subscription was extended \(maximum) times in the last 365 days, the most Apple allows."
    }
}
