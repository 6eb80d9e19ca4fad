extension LedgerFile {
    /// Runs `body` while holding the ledger's writer lock.
    ///
    /// For files made once beside the ledger (the certificate authority): processes racing to
    /// make one wait here, and the first to get the lock makes it for all.
    public func withWriterLock<Result>(_ body: () -> Result) throws(LedgerError) -> Result {
        // Nothing is made beside a file that is no ledger.
        if try refuseIfNotAFile() { try refuseIfNotALedger() }
        let lock = try takeWriterLock()
        defer { releaseWriterLock(lock) }
        // What the body makes is written as a change is: a Ctrl-C now waits for it.
        try ChangeSent.markBegun()
        return body()
    }
}
