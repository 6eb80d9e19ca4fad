/// How far one ledger instance has read, and the chain state at that point.
///
/// Reading resumes from here, so each read costs only the new bytes; a commit that
/// succeeds moves the cursor past its own lines.
struct LedgerCursor {
    /// What is known about the key file.
    enum KeyState {
        case notLoaded
        case loaded(LedgerKey)
        /// No key that can check lines: the file is missing, holds no key or cannot be read
        /// (the problems say which).
        case unusable
    }

    /// Bytes of complete lines consumed.
    var offset = 0
    /// Complete lines consumed, the header included.
    var lineCount = 0
    /// The sequence number of the last event line, 0 before the first.
    var lastSequence = 0
    /// The MAC text of the last line, which keys the next line's MAC; nil when that line
    /// was too damaged to have one.
    var previousMAC: [UInt8]?
    /// The last complete line read, kept once per read (not per line), so that a line pasted
    /// twice is known as that in a later read too.
    var lastLineRead: [UInt8]?
    /// Whether the bytes being scanned are only a part of what the file holds past `offset` (a
    /// read in parts), so their last bytes need not be the end of the file.
    var readStopsShortOfTheEnd = false
    /// Whether the line after the one just read was read with it (two swapped lines), so the
    /// scan passes over it; set and cleared within one scan.
    var nextLineAlreadyRead = false
    /// Whether the key is loaded and verified the header, so event lines can be checked.
    var isVerifying = false
    var key = KeyState.notLoaded
    /// The key file as it was when `key` was taken from it (found or missing); nil while
    /// `key` is `notLoaded`.
    var keyFileWatch: LedgerKeyFileWatch?
    /// Line 1, once it parsed as a header, so that a key file that changes later can be
    /// checked against it.
    var header: HeaderLine?
    /// Whether an open reader is reading its ledger again from the first line: a key file that
    /// cannot be opened is then a problem, as when it changes under the open reader, rather
    /// than the error it is on opening.
    var isReadingAgain = false
    /// The file read last time, to notice when it is replaced.
    var identity: FileIdentity?
    /// The file's size at the last read, incomplete last line included.
    var observedSize = 0
    /// The whole file's size when it was last read, even if only part of it was read.
    var fileSize = 0
    /// The file's change times when it was last read or written by this instance; nil when
    /// not known, so nothing is compared with them.
    var changeTimes: FileChangeTimes?
    /// Set when the header cannot be used; nothing after it is read.
    var isHalted = false
    /// Every problem found since the cursor started.
    var problems: [LedgerProblem] = []
    /// A sequence number whose line to remember while scanning, to check a commit mark
    /// against (0 for the header).
    var watchedSequence: Int?
    /// The line number and MAC text of the watched sequence number's line, once scanned.
    var watchedLine: (number: Int, mac: [UInt8])?
    /// A checkpoint the reader folded instead of the first events: their lines are verified
    /// but not decoded.
    var resumePoint: LedgerResumePoint?

    /// Whether the ledger read so far does not match the checkpoint resumed from, or ended
    /// (`atEnd`) before reaching its line.
    func mustStartOver(atEnd: Bool) -> Bool {
        guard let resumePoint else { return false }
        return resumePoint.isBroken || (atEnd && !resumePoint.isConfirmed)
    }

    /// The first line whose event is withheld from readers because of a problem found so far.
    var firstUntrustedLine: Int? {
        problems.lazy.compactMap(\.firstUntrustedLine).min()
    }

    /// Whether the key file is no longer the one `key` was taken from, so what was read with it
    /// must be read again with the file as it is now; one `lstat`, false before any key state.
    func keyFileHasChanged(keyPath: String, fileSystem: any FileSystem) -> Bool {
        keyFileWatch?.hasChanged(keyPath: keyPath, fileSystem: fileSystem) ?? false
    }

    /// Whether the file the cursor follows has been read at all.
    var hasReadHeader: Bool { lineCount > 0 }

    /// The line number and MAC text of the line holding `sequence`, when the cursor knows them.
    func line(holding sequence: Int) -> (number: Int, mac: [UInt8])? {
        if sequence == lastSequence, let previousMAC { return (lineCount, previousMAC) }
        return sequence == watchedSequence ? watchedLine : nil
    }
}
