import StoreEngine
import StoreSigning
import StorefrontText

/// Apple's revision paging: at most `pageSize` transactions an answer, and a `revision` token
/// that asks for the ones after them.
///
/// The token names the last transaction sent by its place in the ledger (its sequence), or for
/// refund history the last refunds sent by when they were made, opaque to clients (base64url).
/// Lists are in ledger order or its reverse, so the next page starts
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
        /// After the refunds made at this moment (milliseconds) of the transactions at these
        /// ledger sequences, and every refund before it: refund history is in the order of the
        /// refunds. All of that moment's are named, as another may be made in the same second.
        case afterRefunds(milliseconds: Int64, sequences: [Int])
    }

    /// The page of `items` (in ledger order, or its reverse when `descending`) after
    /// `revision` (the first page for nil), the revision for the next request, and whether
    /// more remain. A page that sends nothing gives back the revision it was asked with, so a
    /// client can ask again later for what comes after it.
    static func page(_ items: [TransactionRecord], after revision: String?, descending: Bool = false) throws(AppStoreAPIError)
        -> (items: ArraySlice<TransactionRecord>, revision: String, hasMore: Bool) {
        let cursor = try revision.map { text throws(AppStoreAPIError) in try Self.cursor(text) } ?? .start
        let begin: Int
        switch cursor {
        case .start: begin = 0
        case let .sentCount(count): begin = min(count, items.count)
        case let .after(sequence):
            begin = items.firstIndex { descending ? $0.sequence < sequence : $0.sequence > sequence } ?? items.count
        case .afterRefunds: throw .badRequest(AppStoreAPIError.Code.invalidRequestRevision, ServerText.invalidRevision)
        }
        let end = min(begin + pageSize, items.count)
        let page = items[begin..<end]
        let next = page.last.map { token(for: .after(sequence: $0.sequence)) } ?? revision ?? token(for: .start)
        return (page, next, end < items.count)
    }

    /// The page of the refunded transactions `refunded` after `revision`, in the order they were
    /// refunded (ascending revocation date, as Apple sorts refund history; refunds of one second,
    /// as the ledger dates them, by transaction), so a revision kept from the last page later
    /// gives just the refunds made since, one made in the last page's second too. A token from
    /// before refunds were ordered so (it names a place in the ledger) gives the refunds of the
    /// transactions after that place.
    static func refundPage(_ refunded: [TransactionRecord], after revision: String?) throws(AppStoreAPIError)
        -> (items: ArraySlice<TransactionRecord>, revision: String, hasMore: Bool) {
        let moment = { (record: TransactionRecord) in record.revocationDate.map(SignedTransactionPayload.milliseconds) ?? 0 }
        var items = refunded.sorted { (moment($0), $0.sequence) < (moment($1), $1.sequence) }
        let cursor = try revision.map { text throws(AppStoreAPIError) in try Self.cursor(text) } ?? .start
        var begin = 0
        var sentBefore: (milliseconds: Int64, sequences: Set<Int>)?
        switch cursor {
        case .start: break
        case let .sentCount(count): begin = min(count, items.count)
        case let .after(sequence): items = items.filter { $0.sequence > sequence }
        case let .afterRefunds(milliseconds, sequences):
            let sent = Set(sequences)
            sentBefore = (milliseconds, sent)
            items = items.filter { moment($0) > milliseconds || (moment($0) == milliseconds && !sent.contains($0.sequence)) }
        }
        let end = min(begin + pageSize, items.count)
        let page = items[begin..<end]
        guard let last = page.last else { return (page, revision ?? token(for: .start), false) }
        // Every refund of the last one's moment sent so far, on this page or the ones before.
        let lastMoment = moment(last)
        var sent = page.filter { moment($0) == lastMoment }.map(\.sequence)
        if let sentBefore, sentBefore.milliseconds == lastMoment { sent += sentBefore.sequences }
        return (page, token(for: .afterRefunds(milliseconds: lastMoment, sequences: sent.sorted())), end < items.count)
    }

    private static func token(for cursor: Cursor) -> String {
        let text = switch cursor {
        case .start: "start"
        case let .after(sequence): "after:\(sequence)"
        case let .sentCount(count): "sent:\(count)"
        case let .afterRefunds(milliseconds, sequences): "refunds:\(milliseconds):" + sequences.map(String.init).joined(separator: ".")
        }
        return Base64URL.encode(Array(text.utf8))
    }

    private static func cursor(_ revision: String) throws(AppStoreAPIError) -> Cursor {
        if let bytes = Base64URL.decode(revision) {
            let text = String(decoding: bytes, as: UTF8.self)
            if text == "start" { return .start }
            if text.hasPrefix("after:"), let sequence = Int(text.dropFirst(6)), sequence >= 0 { return .after(sequence: sequence) }
            if text.hasPrefix("sent:"), let count = Int(text.dropFirst(5)), count >= 0 { return .sentCount(count) }
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            if parts.count == 3, parts[0] == "refunds", let milliseconds = Int64(parts[1]), milliseconds >= 0 {
                let sequences = parts[2].split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
                if !sequences.isEmpty, sequences.allSatisfy({ ($0 ?? -1) >= 0 }) {
                    return .afterRefunds(milliseconds: milliseconds, sequences: sequences.compactMap { $0 })
                }
            }
        }
        throw .badRequest(AppStoreAPIError.Code.invalidRequestRevision, ServerText.invalidRevision)
    }
}
