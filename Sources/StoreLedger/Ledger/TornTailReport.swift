/// An incomplete last line, left by a crash during a write, that was moved into a side file.
public struct TornTailReport: Sendable, Hashable, CustomStringConvertible {
    /// The ledger the bytes were taken from.
    public var ledgerPath: String
    /// The side file now holding them.
    public var movedTo: String
    /// The 1-based line they would have formed.
    public var line: Int
    /// How many bytes were moved.
    public var byteCount: Int

    public init(ledgerPath: String, movedTo: String, line: Int, byteCount: Int) {
        self.ledgerPath = ledgerPath
        self.movedTo = movedTo
        self.line = line
        self.byteCount = byteCount
    }

    public var description: String {
        "line \(line) of \(ledgerPath) was incomplete (\(byteCount) byte\(byteCount == 1 ? "" : "s"), probably cut short by a crash "
            + "while writing); it was moved to \(movedTo) and the ledger continues without it"
    }
}
