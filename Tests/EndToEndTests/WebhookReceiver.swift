import Foundation
import StorefrontTesting

/// A loopback webhook receiver in Python that checks every notification with Apple's
/// `SignedDataVerifier.verify_and_decode_notification`, answers with scripted status codes,
/// and reports each one it got.
final class WebhookReceiver: @unchecked Sendable {
    /// One POST the receiver got: what Apple's library decoded, and what it answered.
    struct Received: Equatable {
        var type: String?
        var subtype: String?
        var uuid: String?
        var answered: Int
        /// Why Apple's library refused it, when it did.
        var error: String?

        /// "TYPE/SUBTYPE" or "TYPE".
        var kind: String { [type, subtype].compactMap { $0 }.joined(separator: "/") }
    }

    let port: Int
    private let process: Process
    /// Where the receiver writes its port, then one JSON line per notification: a file, so
    /// reading it never depends on pipes shared with other processes.
    private let logPath: String

    /// Starts a receiver trusting `rootDER` for `bundleID`; it answers the n-th POST with
    /// `statuses[n]` (200 once they run out).
    init(rootDER: [UInt8], bundleID: String, statuses: [Int] = []) throws {
        logPath = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-webhook-\(UUID().uuidString)").path
        let config: [String: Any] = ["root": Data(rootDER).base64EncodedString(), "bundleId": bundleID, "statuses": statuses,
                                     "log": logPath]
        let configText = String(decoding: try JSONSerialization.data(withJSONObject: config), as: UTF8.self)
        let logPath = logPath
        (process, port) = try LoopbackPythonServer.start(
            script: Self.script, arguments: [configText],
            reportedPort: { Self.lines(at: logPath).first.flatMap { $0["port"] as? Int } },
            failure: ReceiverFailure("the receiver did not start listening"))
    }

    deinit { stop() }

    /// Where the store should send notifications.
    var url: String { "http://127.0.0.1:\(port)/notifications" }

    /// Ends the receiver. SIGKILL, because a process started from a test thread may inherit a
    /// mask that blocks SIGTERM.
    func stop() {
        if process.isRunning {
            _ = kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: logPath)
    }

    /// What arrived so far.
    var notifications: [Received] {
        Self.lines(at: logPath).dropFirst().map { object in
            Received(type: object["type"] as? String, subtype: object["subtype"] as? String, uuid: object["uuid"] as? String,
                     answered: object["answered"] as? Int ?? 0, error: object["error"] as? String)
        }
    }

    /// Waits up to `timeout` seconds until `count` notifications arrived; what arrived.
    @discardableResult
    func waitFor(_ count: Int, timeout: TimeInterval = 20) -> [Received] {
        let deadline = Date().addingTimeInterval(timeout)
        while notifications.count < count, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        return notifications
    }

    /// The complete JSON lines of the file at `path`.
    private static func lines(at path: String) -> [[String: Any]] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: true).compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    struct ReceiverFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    private static let script = """
    import base64, http.server, json, sys
    from appstoreserverlibrary.models.Environment import Environment
    from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier

    config = json.loads(sys.argv[1])
    verifier = SignedDataVerifier([base64.b64decode(config["root"])], False, Environment.SANDBOX, config["bundleId"])
    statuses = config["statuses"]
    count = [0]

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers["Content-Length"]))
            status = statuses[count[0]] if count[0] < len(statuses) else 200
            count[0] += 1
            try:
                decoded = verifier.verify_and_decode_notification(json.loads(body)["signedPayload"])
                line = {"type": decoded.rawNotificationType, "subtype": decoded.rawSubtype,
                        "uuid": decoded.notificationUUID, "answered": status}
            except Exception as error:
                line = {"error": repr(error), "answered": status}
            with open(config["log"], "a") as log:
                log.write(json.dumps(line) + "\\n")
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *arguments):
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    with open(config["log"], "a") as log:
        log.write(json.dumps({"port": server.server_address[1]}) + "\\n")
    server.serve_forever()
    """
}
