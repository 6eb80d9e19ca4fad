import Foundation

/// Verifies signed data with Apple's own App Store Server Library for Python
/// (`app-store-server-library` from PyPI), unmodified: what an app's server runs.
///
/// `.ci/run` installs it when missing. Without it the tests that need it are skipped, except
/// when `CI` is set: there they fail, so a CI machine cannot pass by lacking the library.
enum AppStoreLibraryCheck {
    /// What the library made of one signed item.
    struct Verdict {
        /// Whether it verified and decoded.
        var verified: Bool
        /// The library's `VerificationStatus` name when it refused, e.g. `VERIFICATION_FAILURE`.
        var status: String?
        /// The decoded model's fields, enum members as their raw values.
        var fields: [String: Any]
    }

    /// The kinds of signed data, by the verifier method that checks them.
    enum Kind: String {
        case transaction = "verify_and_decode_signed_transaction"
        case renewalInfo = "verify_and_decode_renewal_info"
        case appTransaction = "verify_and_decode_app_transaction"
        case notification = "verify_and_decode_notification"
    }

    /// Whether `python3` on the test's PATH can import the library.
    static let isAvailable: Bool = {
        (try? PythonScript.run(["-c", "import appstoreserverlibrary.signed_data_verifier"]).status) == 0
    }()

    /// Whether the tests must run: `CI` is set.
    static let isRequired = ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false

    /// Why a test that needs the library cannot run, or nil when it can.
    static var missingReason: String? {
        isAvailable ? nil : "python3 cannot import Apple's app-store-server-library; `python3 -m pip install "
            + "app-store-server-library` installs it (CI is set, so this test fails rather than being skipped)"
    }

    /// Verifies each of `items` with `SignedDataVerifier([rootDER], enable_online_checks=False,
    /// environment, bundleID, appAppleID)`.
    static func verify(_ items: [(Kind, String)], rootDER: [UInt8], bundleID: String,
                       environment: String = "SANDBOX", appAppleID: Int? = nil) throws -> [Verdict] {
        var request: [String: Any] = [
            "root": Data(rootDER).base64EncodedString(), "bundleId": bundleID, "environment": environment,
            "items": items.map { ["method": $0.0.rawValue, "token": $0.1] },
        ]
        if let appAppleID { request["appAppleId"] = appAppleID }
        let result = try PythonScript.run(["-c", script], input: try JSONSerialization.data(withJSONObject: request))
        guard result.status == 0,
              let answers = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]],
              answers.count == items.count
        else { throw CheckFailure("the library check did not run: \(result.stderr)") }
        return answers.map {
            Verdict(verified: $0["verified"] as? Bool ?? false, status: $0["status"] as? String,
                    fields: $0["fields"] as? [String: Any] ?? [:])
        }
    }

    struct CheckFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    private static let script = """
    import base64, enum, json, sys
    import attr
    from appstoreserverlibrary.models.Environment import Environment
    from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier, VerificationException

    request = json.load(sys.stdin)
    verifier = SignedDataVerifier([base64.b64decode(request["root"])], False,
                                  Environment[request["environment"]], request["bundleId"], request.get("appAppleId"))

    def plain(value):
        if isinstance(value, enum.Enum):
            return value.value
        if attr.has(type(value)):
            return {name: plain(field) for name, field in attr.asdict(value, recurse=False).items()
                    if field is not None and not name.startswith("raw")}
        return value

    answers = []
    for item in request["items"]:
        try:
            decoded = getattr(verifier, item["method"])(item["token"])
            fields = plain(decoded)
            answers.append({"verified": True, "fields": fields})
        except VerificationException as error:
            answers.append({"verified": False, "status": error.status.name})
    print(json.dumps(answers))
    """
}
