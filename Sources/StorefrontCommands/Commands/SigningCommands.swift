import Foundation
import StoreEngine
import StorefrontText
import StoreSigning
import StorePostgres

/// `storefront verify-transaction`, and the signed transactions that `buy --json` and
/// `transactions --json` include.
///
/// `verify-transaction` exits 0 only for a valid transaction; 1 when the store says no
/// (revoked, upgraded, expired, untrusted chain, signature invalid, another app's, or no such
/// transaction); 3 for a malformed token or a certificate authority that is missing or
/// damaged; 2 for usage mistakes.
enum SigningCommands {
    static func verifyTransaction(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        try session.perform { try session.store.checkInjectedFailure(.verification, buyer: session.buyer) }
        let input = arguments.commandArguments[0].trimmingCharacters(in: .whitespacesAndNewlines)
        // Transaction ids are digits only; anything else is judged as a token, so a token
        // that lost a part, or text that is no token at all, is reported as malformed rather
        // than as an unknown transaction.
        let isToken = input.isEmpty || !input.allSatisfy({ $0.isASCII && $0.isNumber })
        // A token whose form is wrong is malformed whatever the key, even with none yet.
        let result: TransactionVerification
        if isToken, let malformed = TransactionVerifier.malformedVerdict(on: input) {
            result = malformed
        } else {
            let verifier = try verifier(for: input, isToken: isToken, session: session)
            result = session.store.verifySignedTransaction(verifier.token, with: verifier.verifier)
        }
        if arguments.json {
            try console.json(JSONShapes.TransactionVerification(
                status: result.status.rawValue, transactionId: result.payload?.transactionId ?? (isToken ? nil : input),
                payload: result.payload, detail: result.detail, checkedAgainstLedger: result.checkedAgainstLedger,
                replacedBy: result.replacedBy))
        } else {
            console.out(CommandLineText.Files.verdict(label(result), detail: result.detail))
        }
        return exitStatus(result.status)
    }

    /// The token to check (the ledger's transaction signed now, for an id) and the verifier
    /// of this store's root.
    private static func verifier(for input: String, isToken: Bool, session: StoreSession)
        throws(CommandFailure) -> (token: String, verifier: TransactionVerifier) {
        let signer = try session.transactionSigner(missingAuthority: isToken ? .fail : .create)
        let token: String
        if isToken {
            token = input
        } else {
            guard let record = session.store.snapshot.transactions[input] else {
                throw StoreSession.failure(for: StoreError.unknownTransaction(input))
            }
            token = try session.signedTransaction(record, signer: signer)
        }
        return (token, TransactionVerifier(root: signer.authority.root))
    }

    static func exitStatus(_ status: TransactionVerification.Status) -> ExitStatus {
        switch status {
        case .valid: .success
        case .revoked, .upgraded, .expired, .untrustedChain, .signatureInvalid, .otherApp: .refused
        case .malformed: .dataProblem
        }
    }

    private static func label(_ result: TransactionVerification) -> String {
        switch result.status {
        case .valid: CommandLineText.Verdict.valid
        case .malformed: CommandLineText.Verdict.malformed
        case .untrustedChain: CommandLineText.Verdict.untrustedChain
        case .signatureInvalid: CommandLineText.Verdict.signatureInvalid
        case .otherApp: CommandLineText.Verdict.otherApp
        case .revoked: CommandLineText.Verdict.revoked
        case .upgraded: result.byCrossgrade ? CommandLineText.Verdict.crossgraded : CommandLineText.Verdict.upgraded
        case .expired: CommandLineText.Verdict.expired
        }
    }
}

extension StoreSession {
    /// The signer of this session's ledger; trouble with its certificate authority ends the
    /// command with exit status 3.
    ///
    /// The authority is made only for a store that has been started: a mistyped
    /// `--entitlements` must not quietly become a new store whose root no app would ever see a
    /// token from, so without one the command fails, naming the path, and makes nothing.
    func transactionSigner(missingAuthority: TransactionSigner.MissingAuthority = .create) throws(CommandFailure) -> TransactionSigner {
        if missingAuthority == .create { try requireStartedStore() }
        // A file that is no ledger has no store to sign for: said so, not that a key is missing.
        if case .file = location, let reason = store.ledgerProblems.lazy.compactMap(\.notALedgerReason).first {
            throw CommandFailure(status: .dataProblem, message: CommandLineText.Files.notALedgerForSigning(ledgerPath, reason: reason))
        }
        do {
            return try TransactionSigner(ledgerPath: ledgerPath, keyPath: location.keyPath, missingAuthority: missingAuthority)
        } catch {
            throw CommandFailure(status: .dataProblem, message: "\(error)")
        }
    }

    /// Fails (exit status 3) when no store has been started at this session's location.
    func requireStartedStore() throws(CommandFailure) {
        let marker = location.startedMarkerPath
        guard FileManager.default.fileExists(atPath: marker) else {
            switch location {
            case .file:
                throw CommandFailure(status: .dataProblem, message: CommandLineText.Files.noLedgerForAuthority(marker))
            case .postgres(let address, _, _):
                // No store is made in a database the address does not name: say that, not how to make one there.
                if let unnamed = (log as? PostgresEventLog)?.unnamedDatabaseWithoutStore() {
                    throw CommandFailure(status: .dataProblem, message: "\(unnamed)")
                }
                throw CommandFailure(status: .dataProblem,
                                     message: CommandLineText.Files.noStoreKeyForAuthority(store: address.shown, keyPath: marker))
            }
        }
    }

    /// Fails (exit status 3) when the store's certificate authority is there but cannot be
    /// used, so a command that signs what it records finds out before recording anything.
    /// Nothing is checked before the store is started, since the authority is made after.
    func refuseUnusableAuthority() throws(CommandFailure) {
        guard FileManager.default.fileExists(atPath: location.startedMarkerPath) else { return }
        do {
            _ = try TransactionSigner(ledgerPath: ledgerPath, keyPath: location.keyPath, missingAuthority: .fail)
        } catch .authorityMissing {
            return
        } catch {
            throw CommandFailure(status: .dataProblem, message: "\(error)")
        }
    }

    /// `record` signed as the store issues it now; a failed or cancelled attempt, which is
    /// never issued, ends the command with exit status 1.
    func signedTransaction(_ record: TransactionRecord, signer: TransactionSigner) throws(CommandFailure) -> String {
        do {
            return try store.signedTransaction(record, signer: signer)
        } catch .notIssued(let id, let state) {
            let message = "\(SigningError.notIssued(transactionID: id, state: state))"
            // Its `transactions` advice lists the transaction's own account, which may not be the one given.
            throw CommandFailure(status: .refused, message: record.account == buyer.account ? message
                                 : StoreCommandText.naming([AdvisedOption("--account", record.account)], in: message))
        } catch {
            throw CommandFailure(status: .dataProblem, message: "\(error)")
        }
    }

    /// The new transaction of a purchase, signed; nil when none was made. The purchase has
    /// already happened, so trouble with the key is told on stderr instead of failing the command.
    func signedTransaction(madeBy outcome: PurchaseOutcome, console: Console) -> String? {
        guard case let .purchased(record) = outcome else { return nil }
        do {
            return try signedTransaction(record, signer: transactionSigner())
        } catch {
            console.err(CommandLineText.Report.error(CommandLineText.Files.notSigned(error.message)))
            return nil
        }
    }

    /// The signed form of `record` for `--json` listings: nil for attempts that are never
    /// issued (failed, cancelled), and when there is no signer because nothing is issued.
    func listedSignedTransaction(_ record: TransactionRecord, signer: TransactionSigner?) throws(CommandFailure) -> String? {
        guard let signer, TransactionSigner.issues(record) else { return nil }
        return try signedTransaction(record, signer: signer)
    }
}
