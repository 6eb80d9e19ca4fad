/// An array kept in chunks of 4,096 elements, so a copy that then changes shares all but the
/// chunk it changed.
///
/// The folded state is copied to look ahead (due renewals applied for a view) while the
/// original stays; with one flat array of a hundred thousand transactions, every such copy
/// would duplicate them all.
struct ChunkedArray<Element>: RandomAccessCollection, MutableCollection {
    private static var chunkShift: Int { 12 }
    private static var chunkSize: Int { 1 << chunkShift }

    private var chunks: [[Element]] = []
    private(set) var count = 0

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> Element {
        get {
            precondition(position >= 0 && position < count, "index out of range")
            return chunks[position >> Self.chunkShift][position & (Self.chunkSize - 1)]
        }
        set {
            precondition(position >= 0 && position < count, "index out of range")
            chunks[position >> Self.chunkShift][position & (Self.chunkSize - 1)] = newValue
        }
    }

    mutating func append(_ element: Element) {
        if count & (Self.chunkSize - 1) == 0 {
            var chunk: [Element] = []
            chunk.reserveCapacity(Self.chunkSize)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
        count += 1
    }
}

extension ChunkedArray: Sendable where Element: Sendable {}
