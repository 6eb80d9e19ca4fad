import Foundation

/// Checks our signed transactions with PyJWT and the `cryptography` package from PyPI, an
/// implementation of JWS, ECDSA and X.509 that shares no code with ours or with Apple's
/// library's chain check (which uses pyOpenSSL).
///
/// `.ci/run` installs both (Apple's library depends on them); on a machine without them the
/// tests that need them are skipped.
enum IndependentJWTCheck {
    /// What Python made of one token.
    struct Verdict {
        /// 0 genuine; 1 signature invalid; 2 not a token PyJWT can read; 4 chain not issued by the root.
        var status: Int32
        var header: [String: Any]
        var payload: [String: Any]
        var message: String
    }

    /// Whether `python3` on the test's PATH can import PyJWT and cryptography.
    static let isAvailable: Bool = {
        (try? PythonScript.run(["-c", "import jwt, cryptography"]).status) == 0
    }()

    /// Verifies `token`: its x5c chain certificate by certificate up to `rootPEM`, then its
    /// ES256 signature with the leaf's key, accepting no other algorithm.
    static func verify(_ token: String, rootPEM: String) throws -> Verdict {
        let result = try PythonScript.run(["-c", script, rootPEM, token])
        let object = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any]
        return Verdict(status: result.status, header: object?["header"] as? [String: Any] ?? [:],
                       payload: object?["payload"] as? [String: Any] ?? [:], message: result.stdout + result.stderr)
    }

    private static let script = """
    import base64, json, sys
    import jwt
    from cryptography import x509

    root = x509.load_pem_x509_certificate(sys.argv[1].encode())
    token = sys.argv[2]
    try:
        header = jwt.get_unverified_header(token)
        leaf, intermediate, chain_root = [x509.load_der_x509_certificate(base64.b64decode(text)) for text in header["x5c"]]
    except Exception as error:
        print(f"unreadable token: {error}", file=sys.stderr)
        sys.exit(2)
    try:
        intermediate.verify_directly_issued_by(root)
        leaf.verify_directly_issued_by(intermediate)
    except Exception as error:
        print(f"chain not issued by the root: {error!r}", file=sys.stderr)
        sys.exit(4)
    try:
        payload = jwt.decode(token, leaf.public_key(), algorithms=["ES256"])
    except jwt.InvalidSignatureError as error:
        print(f"invalid signature: {error}", file=sys.stderr)
        sys.exit(1)
    except jwt.InvalidTokenError as error:
        print(f"unreadable token: {error}", file=sys.stderr)
        sys.exit(2)
    print(json.dumps({"header": header, "payload": payload}))
    """
}
