/// The ledger's first line, which names the ledger for as long as it lives.
extension LedgerFile {
    /// Longer than any header this build writes or reads (about 140 bytes).
    static var headerLineLimit: Int { 4096 }

    /// Line 1 as it was written when the ledger was made, without its newline; nil while there
    /// is no file or no whole first line. Nothing rewrites it, so it tells this ledger apart
    /// from every other for good, even when every other file beside it is replaced.
    public func headerLine() throws(LedgerError) -> String? {
        guard let start = try withFileStart({ start, _ throws(LedgerError) in start }),
              let end = start.firstIndex(of: LedgerLineCodec.newline) else { return nil }
        return String(decoding: start[..<end], as: UTF8.self)
    }

    /// `body` given the ledger's first `headerLineLimit` bytes (read whatever its size says) and
    /// the file, while it is open; nil when there is no ledger.
    func withFileStart<Result>(
        _ body: (_ start: [UInt8], _ file: OpenFile) throws(LedgerError) -> Result
    ) throws(LedgerError) -> Result? {
        let file: OpenFile
        do throws(FileSystemError) {
            file = try fileSystem.open(path, access: .readOnly, options: [], permissions: 0)
        } catch where error.isNotFound {
            return nil
        } catch {
            throw ledgerOpeningError(error)
        }
        defer { try? fileSystem.close(file) }
        let start: [UInt8]
        do throws(FileSystemError) {
            start = try fileSystem.read(file, upTo: Self.headerLineLimit, at: 0)
        } catch {
            throw .fileSystem(error)
        }
        return try body(start, file)
    }
}
