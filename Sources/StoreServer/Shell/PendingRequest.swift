/// What has arrived of one request while the library reads it in parts.
final class PendingRequest {
    /// The path as sent, without the query: not percent-decoded.
    let path: String
    /// The access handler has had its first call, with the headers.
    var headersSeen = false
    var body: [UInt8] = []
    /// The most body bytes kept: the endpoint's limit, set with the headers.
    var bodyLimit = ServerLimits().maximumBodyBytes
    /// More than the limit arrived: the rest is dropped and the answer is 413.
    var overflowed = false
    /// An answer is queued already (a refusal from the headers): later parts are ignored.
    var answered = false
    var headerFields: [(name: String, value: String)] = []
    var query: [HTTPRequest.QueryItem] = []

    /// A request whose target, as the client sent it, is `target` (its query is read from the
    /// library, decoded).
    init(target: String) {
        path = String(RequestTargetAndHost.originForm(of: target).prefix { $0 != "?" })
    }

    /// Keeps `bytes` unless that would pass `limit`, in which case the body is dropped.
    func append(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) {
        guard !overflowed else { return }
        if body.count + bytes.count > limit {
            overflowed = true
            body = []
        } else {
            body.append(contentsOf: bytes)
        }
    }
}
