import Foundation
import StorefrontTesting

/// A one-connection-at-a-time loopback server in Python that reads each request whole and
/// answers with scripted bytes, says nothing, or hangs up; over TLS with a certificate it
/// makes for `localhost` when asked. What it received is kept in a file for the test to read.
final class ScriptedServer {
    enum Behaviour: String {
        /// Answers each request with `answer` and closes.
        case answer
        /// Accepts and never answers.
        case silent
        /// Accepts, reads the request, and closes without a byte.
        case hangUp
    }

    let port: Int
    /// The PEM certificate the server presents over TLS (its own root).
    let certificatePath: String
    private let folder: String
    private let process: Process

    init(_ behaviour: Behaviour, answer: [UInt8] = [], tls: Bool = false) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-http-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        certificatePath = folder + "/certificate.pem"
        try Data(answer).write(to: URL(fileURLWithPath: folder + "/answer"))
        let folder = folder
        (process, port) = try LoopbackPythonServer.start(
            script: Self.script, arguments: [folder, behaviour.rawValue, tls ? "tls" : "plain"],
            reportedPort: { (try? String(contentsOfFile: folder + "/port", encoding: .utf8)).flatMap { Int($0) } },
            failure: CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "the scripted server did not start"]))
    }

    deinit {
        if process.isRunning {
            _ = kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The bytes of every request received so far, one after another.
    var received: [UInt8] { (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/received")))) ?? [] }

    /// Waits until a request of `count` bytes at least arrived.
    func waitForRequest(ofAtLeast count: Int) -> [UInt8] {
        let deadline = Date().addingTimeInterval(10)
        while received.count < count, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        return received
    }

    private static let script = #"""
import datetime, os, socket, ssl, sys, time
folder, behaviour, mode = sys.argv[1], sys.argv[2], sys.argv[3]
answer = open(os.path.join(folder, "answer"), "rb").read()
listener = socket.socket()
listener.bind(("127.0.0.1", 0))
listener.listen(8)
context = None
if mode == "tls":
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")])
    now = datetime.datetime.now(datetime.timezone.utc)
    certificate = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
        .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName("localhost")]), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256()))
    with open(os.path.join(folder, "certificate.pem"), "wb") as f:
        f.write(certificate.public_bytes(serialization.Encoding.PEM))
    with open(os.path.join(folder, "key.pem"), "wb") as f:
        f.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(os.path.join(folder, "certificate.pem"), os.path.join(folder, "key.pem"))
with open(os.path.join(folder, "port.tmp"), "w") as f:
    f.write(str(listener.getsockname()[1]))
os.rename(os.path.join(folder, "port.tmp"), os.path.join(folder, "port"))
held = []
while True:
    connection, _ = listener.accept()
    if context is not None:
        try:
            connection = context.wrap_socket(connection, server_side=True)
        except Exception:
            connection.close()
            continue
    if behaviour == "silent":
        held.append(connection)
        continue
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = connection.recv(65536)
        if not chunk:
            break
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(body) < length:
        chunk = connection.recv(65536)
        if not chunk:
            break
        body += chunk
    with open(os.path.join(folder, "received"), "ab") as f:
        f.write(head + b"\r\n\r\n" + body)
    if behaviour == "answer":
        connection.sendall(answer)
    connection.close()
"""#
}
