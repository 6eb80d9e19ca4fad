internal import CTLS
import Foundation

/// Whether the roots an `https` exchange trusts can be read, where the environment names them.
///
/// OpenSSL takes `SSL_CERT_FILE` and `SSL_CERT_DIR` from the environment in place of the
/// system's roots, and says nothing when they cannot be used: every `https` exchange is then
/// refused as untrusted. A process that will make such exchanges checks once, at its start.
public enum TrustedRoots {
    /// A variable that names roots which cannot be used.
    public struct Problem: Equatable, Sendable {
        public var variable: String
        public var path: String
        /// Why, in words: "does not exist", "holds no certificate in PEM form"…
        public var reason: String

        public init(variable: String, path: String, reason: String) {
            self.variable = variable
            self.path = path
            self.reason = reason
        }
    }

    /// What is wrong with the roots `SSL_CERT_FILE` and `SSL_CERT_DIR` name in `environment`;
    /// empty when they are unset or usable.
    public static func problems(in environment: [String: String] = ProcessInfo.processInfo.environment) -> [Problem] {
        var found: [Problem] = []
        if let file = environment["SSL_CERT_FILE"], !file.isEmpty, let reason = problem(ofFile: file) {
            found.append(Problem(variable: "SSL_CERT_FILE", path: file, reason: reason))
        }
        for directory in (environment["SSL_CERT_DIR"] ?? "").split(separator: ":").map(String.init) {
            if let reason = problem(ofFolder: directory) {
                found.append(Problem(variable: "SSL_CERT_DIR", path: directory, reason: reason))
            }
        }
        return found
    }

    /// OpenSSL looks a folder's certificates up by the hash of their subject (`HASH.0`, as
    /// `openssl rehash` names them), and takes no other file in it.
    private static func problem(ofFolder path: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return "does not exist" }
        // A file works too, read as one of certificates.
        guard isDirectory.boolValue else { return problem(ofFile: path) }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let hashed = names.contains { name in
            let parts = name.split(separator: ".")
            return parts.count == 2 && parts[0].count == 8 && parts[0].allSatisfy(\.isHexDigit) && Int(parts[1]) != nil
        }
        return hashed ? nil : "holds no certificate under the hashed names OpenSSL looks them up by (HASH.0: run `openssl rehash` on it)"
    }

    private static func problem(ofFile path: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return "does not exist" }
        guard !isDirectory.boolValue else { return "is a folder (SSL_CERT_DIR names folders, SSL_CERT_FILE a file)" }
        guard FileManager.default.isReadableFile(atPath: path) else { return "cannot be read" }
        guard let context = SSL_CTX_new(TLS_client_method()) else { return nil }
        defer { SSL_CTX_free(context) }
        ERR_clear_error()
        defer { ERR_clear_error() }
        return SSL_CTX_load_verify_locations(context, path, nil) == 1 ? nil : "holds no certificate in PEM form"
    }
}
