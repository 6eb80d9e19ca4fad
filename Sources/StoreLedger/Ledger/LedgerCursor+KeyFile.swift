/// What the key file means for the chain: on opening, and again whenever the file changes
/// under an open reader, judged the same way so both find the same problems in the same words.
extension LedgerCursor {
    /// The header line a key is checked against, copied out of the bytes it was read from.
    struct HeaderLine {
        var content: [UInt8]
        var mac: [UInt8]
    }

    /// What a key file gives a chain: the key state, whether the key verifies the header,
    /// and the key's problems in the order a reader opening the ledger reports them.
    struct KeyFindings {
        var key: KeyState
        var isVerifying: Bool
        var problems: [LedgerProblem]
    }

    static func keyFindings(
        _ found: Result<LedgerKey.Loaded, FileSystemError>, header: HeaderLine, keyPath: String
    ) throws(LedgerError) -> KeyFindings {
        switch found {
        case .failure(let error):
            return KeyFindings(key: .unusable, isVerifying: false,
                               problems: [.keyUnreadable(keyPath: keyPath, reason: "\(error)")])
        case .success(.missing):
            return KeyFindings(key: .unusable, isVerifying: false, problems: [.keyMissing(keyPath: keyPath)])
        case .success(.invalid(let reason)):
            return KeyFindings(key: .unusable, isVerifying: false, problems: [.keyInvalid(keyPath: keyPath, reason: reason)])
        case .success(.key(let key)):
            return try checking(header, with: key, keyPath: keyPath)
        case .success(.exposed(let key, let reason)):
            // Others could read it, so it may check lines but never write them.
            var findings = try checking(header, with: key, keyPath: keyPath)
            findings.problems.insert(.keyNotPrivate(keyPath: keyPath, reason: reason), at: 0)
            return findings
        }
    }

    private static func checking(_ header: HeaderLine, with key: LedgerKey, keyPath: String) throws(LedgerError) -> KeyFindings {
        let verifies = try key.macText(previous: [UInt8](), content: header.content) == header.mac
        return KeyFindings(key: .loaded(key), isVerifying: verifies, problems: verifies ? [] : [.keyMismatch(keyPath: keyPath)])
    }

    /// Takes in a change of the key file since the key was taken from it; true when the chain
    /// must be read again from its first line.
    ///
    /// A key file mended (private, keying this chain) after a problem of the key has the chain
    /// read again, which clears the problem. A key file that became unusable or another key
    /// keeps every line verified so far and what was folded from them: the key's problem (as an
    /// opening would word it) refuses writes, and the lines read from now on are withheld,
    /// since nothing can verify them. A chain that had nothing verified to keep is read again,
    /// exactly as on opening. A file that says what it said before (a `touch`) changes nothing.
    mutating func takeKeyFileChange(keyPath: String, fileSystem: any FileSystem) throws(LedgerError) -> Bool {
        guard keyFileHasChanged(keyPath: keyPath, fileSystem: fileSystem) else { return false }
        guard let header else { return true }
        let watched = try LedgerKey.loadWatched(from: keyPath, fileSystem: fileSystem)
        keyFileWatch = watched.watch
        let findings = try Self.keyFindings(watched.found, header: header, keyPath: keyPath)
        let keyProblems = problems.filter(\.isAboutKeyFile)
        if findings.problems == keyProblems.map(Self.asFoundOnOpening) { return false }
        guard !findings.problems.isEmpty else { return true }
        // Lines already withheld for the key stay withheld; the rest read so far stay read.
        let firstUnverified = (keyProblems.compactMap(\.firstUntrustedLine) + [lineCount + 1]).min() ?? lineCount + 1
        guard firstUnverified > 1 else { return true }
        problems.removeAll(where: \.isAboutKeyFile)
        problems.insert(contentsOf: findings.problems.map { .keyChangedWhileOpen($0, firstUnverifiedLine: firstUnverified) },
                        at: 0)
        return false
    }

    private static func asFoundOnOpening(_ problem: LedgerProblem) -> LedgerProblem {
        if case .keyChangedWhileOpen(let found, _) = problem { found } else { problem }
    }

    /// Whether the key file became unusable (or another key) after lines were verified with
    /// it: those lines stay read, and reading the chain again before the key file is mended
    /// would lose them.
    var keptLinesThroughKeyChange: Bool {
        problems.contains { if case .keyChangedWhileOpen = $0 { true } else { false } }
    }
}
