import StoreEngine
import StoreSigning
import StorefrontText

/// Apple's revision paging: at most `pageSize` transactions an answer, and a `revision` token
/// that asks for the ones after them.
///
/// The token names the last transaction sent by its place in the ledger (its sequence), opaque
/// to clients (base64url). Lists are in ledger order or its reverse, so the next page starts
/// after that place whatever was added or stopped matching a filter meanwhile: a transaction
/// bought between two pages of a DESCENDING list comes before the place and is not sent (it
/// never shifts the page), and one that a refund takes out of a filter shifts nothing.
struct RevisionPaging {
    static let pageSize = 20

    /// Where the next page starts.
    private enum Cursor {
        /// Nothing sent yet: the list's start.
        case start
        /// After the transaction at this ledger sequence.
        case after(sequence: Int)
        /// After this many items: tokens given before tokens named places; still honoured.
        case sentCount(Int)
    }

    /// The page of `items` (in ledger order, or its reverse when `descending`) after
    /// `revision` (the first page for nil), the revision for the next request, and whether
    /// more remain. A page that sends nothing gives back the revision it was asked with, so a
    /// client can ask again later for what comes after it.
    static func page(_ items: [TransactionRecord], after revision: String?, descending: Bool = false) throws(AppStoreAPIError)
        -> (items: ArraySlice<TransactionRecord>, revision: String, hasMore: Bool) {
        let cursor = try revision.map { text throws(AppStoreAPIError) in try Self.cursor(text) } ?? .start
        let begin: Int = switch cursor {
        case .start: 0
        case let .sentCount(count): min(count, items.count)
        case let .after(sequence):
            items.firstIndex { descending ? $0.sequence < sequence : $0.sequence > sequence } ?? items.count
        }
        let end = min(begin + pageSize, items.count)
        let page = items[begin..<end]
        let next = page.last.map { token(for: .after(sequence: $0.sequence)) } ?? revision ?? token(for: .start)
        return (page, next, end < items.count)
    }

    private static func token(for cursor: Cursor) -> String {
        let text = switch cursor {
        case .start: "start"
        case let .after(sequence): "after:\(sequence)"
        case let .sentCount(count): "sent:\(count)"
        }
        return Base64URL.encode(Array(text.utf8))
    }

    private static func cursor(_ revision: String) throws(AppStoreAPIError) -> Cursor {
        if let bytes = Base64URL.decode(revision) {
            let text = String(decoding: bytes, as: UTF8.self)
            if text == "start" { return .start }
            if text.hasPrefix("after:"), let sequence = Int(text.dropFirst(6)), sequence >= 0 { return .after(sequence: sequence) }
            if text.hasPrefix("sent:"), let count = Int(text.dropFirst(5)), count >= 0 { return .sentCount(count) }
        }
        throw .badRequest(AppStoreAPIError.Code.invalidRequestRevision, ServerText.invalidRevision)
    }
}
