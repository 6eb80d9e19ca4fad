import Foundation

/// Checks our signed transactions with PyJWT and the `cryptography` package from PyPI, an
/// implementation of JWS and Ed25519 that shares no code with ours.
///
/// `.ci/run` installs both; on a machine without them the tests that need them are skipped.
enum IndependentJWTCheck {
    /// What Python made of one token.
    struct Verdict {
        /// 0 genuine; 1 signature invalid; 2 not a token PyJWT can read.
        var status: Int32
        var header: [String: Any]
        var payload: [String: Any]
        var message: String
    }

    /// Whether `python3` on the test's PATH can import PyJWT and cryptography.
    static let isAvailable: Bool = {
        (try? python(["-c", "import jwt, cryptography"]).status) == 0
    }()

    /// Verifies `token` with `publicKeyPEM`, accepting only EdDSA, as an app's server would.
    static func verify(_ token: String, publicKeyPEM: String) throws -> Verdict {
        let result = try python(["-c", script, publicKeyPEM, token])
        let object = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any]
        return Verdict(status: result.status, header: object?["header"] as? [String: Any] ?? [:],
                       payload: object?["payload"] as? [String: Any] ?? [:], message: result.stdout + result.stderr)
    }

    private static let script = """
    import json, sys
    import jwt
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
    from cryptography.hazmat.primitives.serialization import load_pem_public_key

    public_key = load_pem_public_key(sys.argv[1].encode())
    if not isinstance(public_key, Ed25519PublicKey):
        print("the public key is not an Ed25519 key", file=sys.stderr)
        sys.exit(3)
    token = sys.argv[2]
    try:
        payload = jwt.decode(token, public_key, algorithms=["EdDSA"])
    except jwt.InvalidSignatureError as error:
        print(f"invalid signature: {error}", file=sys.stderr)
        sys.exit(1)
    except jwt.InvalidTokenError as error:
        print(f"unreadable token: {error}", file=sys.stderr)
        sys.exit(2)
    print(json.dumps({"header": jwt.get_unverified_header(token), "payload": payload}))
    """

    private static func python(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        // The test's own environment, so the python3 that `.ci/run` installed into is found.
        process.environment = ProcessInfo.processInfo.environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }
}
