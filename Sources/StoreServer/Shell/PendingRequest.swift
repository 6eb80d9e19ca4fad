/// What has arrived of one request while the library reads it in parts.
final class PendingRequest {
    var body: [UInt8] = []
    /// More than the limit arrived: the rest is dropped and the answer is 413.
    var overflowed = false
    /// An answer is queued already (a 413 from the declared length): later parts are ignored.
    var answered = false
    var headerFields: [(name: String, value: String)] = []
    var query: [HTTPRequest.QueryItem] = []

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
