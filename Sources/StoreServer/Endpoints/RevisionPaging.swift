import StoreSigning
import StorefrontText

/// Apple's revision paging: at most `pageSize` items an answer, and a `revision` token that
/// asks for the ones after them.
///
/// The token is the count of items already sent, opaque to clients (base64url); items are
/// only ever added to a customer's history, so a count still starts the next page where the
/// last one ended.
struct RevisionPaging {
    static let pageSize = 20

    /// The page of `items` after `revision` (the first page for nil), the revision for the
    /// next request, and whether more remain.
    static func page<Item>(_ items: [Item], after revision: String?) throws(AppStoreAPIError)
        -> (items: ArraySlice<Item>, revision: String, hasMore: Bool) {
        let start = try revision.map { text throws(AppStoreAPIError) in try offset(text) } ?? 0
        let begin = min(start, items.count)
        let end = min(begin + pageSize, items.count)
        return (items[begin..<end], token(for: end), end < items.count)
    }

    static func token(for offset: Int) -> String {
        Base64URL.encode(Array("sent:\(offset)".utf8))
    }

    private static func offset(_ revision: String) throws(AppStoreAPIError) -> Int {
        guard let bytes = Base64URL.decode(revision), case let text = String(decoding: bytes, as: UTF8.self),
              text.hasPrefix("sent:"), let offset = Int(text.dropFirst(5)), offset >= 0 else {
            throw .badRequest(AppStoreAPIError.Code.invalidRequestRevision, ServerText.invalidRevision)
        }
        return offset
    }
}
