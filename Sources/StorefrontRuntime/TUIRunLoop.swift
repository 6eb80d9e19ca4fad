import Foundation
import StoreEngine
import StorefrontApp
import StoreLedger
import StorefrontText
import TerminalUI

/// The interactive storefront's loop: draw, read a key, update, run effects, follow the store.
///
/// Store operations run on a worker thread so the spinner turns while they commit; their
/// results come back through a mailbox and are applied on this thread, the only one that
/// touches the state. A log with a change signal (a server connection that is notified of
/// commits) wakes the key read when another process commits, so the loop sleeps until a key,
/// a change or a timer of its own; a log without one (the file) is asked between keys, often
/// enough that a change shows within a fraction of a second. Either way the loop records
/// subscription events that fall due, and keeps trying a store whose server went away.
public final class TUIRunLoop {
    private let store: Store
    private let terminal: any TerminalBackend
    public private(set) var state: AppState
    private let runner: EffectRunner
    private let mailbox = ActionMailbox()
    private let worker = DispatchQueue(label: "storefront.effects")
    /// The tickets of the changes sent to the worker, the latest last; finished ones are let go.
    private var changeTickets: [ChangeTicket] = []
    private var lastCatchUp = Date.distantPast
    /// The last catch-up failure shown, so a failure that repeats every second is shown once.
    private var lastCatchUpFailure: String?
    private(set) var reconnect = ReconnectSchedule()
    /// Real time; tests give a clock they move by hand.
    private let clock: @Sendable () -> Date
    private var lastClockReading: Date

    /// How long a key read waits: short while a spinner turns, longer otherwise, and never
    /// so long that a change in another process takes a second to show.
    static let idleTimeoutMilliseconds = 200
    static let busyTimeoutMilliseconds = 80
    static let catchUpInterval: TimeInterval = 1
    /// Repaints the whole screen, whatever is open, as in other full-screen programs.
    static let repaintKey = Key.ctrl("l")

    private let serverSide: (any ServerSideSource)?
    private var lastServerCheck = Date.distantPast
    private let writeAccess: WriteAccessCheck?
    /// When a check on a timer (`WriteAccessCheck.Schedule.whileRefused`) was last asked, or
    /// the read-only state it watches began; nil while the store takes changes.
    private var lastTimedWriteCheck: Date?

    /// `serverSide`, when given, supplies the notifications and the serving server the
    /// screens show. `writeAccess`, when given, is asked again as its schedule says (on each
    /// change noticed to the store, or on a timer while read-only), so the storefront turns
    /// read-only when the store stops being writable and back when it is writable again;
    /// without it, only a refused write turns it read-only.
    public init(store: Store, terminal: any TerminalBackend, state: AppState, serverSide: (any ServerSideSource)? = nil,
                writeAccess: WriteAccessCheck? = nil, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.terminal = terminal
        self.state = state
        self.serverSide = serverSide
        self.writeAccess = writeAccess
        self.runner = EffectRunner(store: store, serverSide: serverSide, writeAccess: writeAccess)
        self.clock = clock
        self.lastClockReading = clock()
    }

    /// Runs until the person quits or a termination signal arrives, then waits for the
    /// operations already asked for (a payment sheet's cancel, recorded on the way out) to finish.
    public func run() {
        // A log may start listening only now, after the store was read: a commit made in
        // between is announced by nothing, so look once before the first wait.
        _ = store.changeSignal
        followStore()
        // A change waiting long for the file's lock says whom it waits for under its spinner,
        // as a command does on stderr. Only the worker's changes take that lock, one at a time.
        let mailbox = self.mailbox
        WriterLockWait.announce { subject in
            switch subject {
            case .file(let lockPath):
                let holder = LockHolder.of(path: lockPath)
                mailbox.note(.writerLockWaited(holder: LockHolderName(processID: holder?.processID, command: holder?.command)))
            case .database(_, _, let holders):
                mailbox.note(.writerLockWaited(holder: LockHolderName(sessions: holders())))
            }
        }
        defer { WriterLockWait.announce(with: nil) }
        while !state.isQuitting && !terminal.isTerminationRequested {
            dispatch(.keyClockTicked(readClock()))
            terminal.draw(render(state, size: state.size))
            // While an operation runs on the worker, its commit holds the store (and may wait for
            // another session's lock): the loop leaves the store alone, so the spinner turns, the
            // clock runs and keys are queued rather than stuck behind the store's lock.
            let storeIsBusy = mailbox.isAwaitingResults
            let changeSignal = state.unreadableReason == nil && !storeIsBusy ? store.changeSignal : nil
            if let key = terminal.readKey(timeoutMilliseconds: waitMilliseconds(hasChangeSignal: changeSignal != nil),
                                          wakingOn: changeSignal) {
                dispatch(.keyClockTicked(readClock()))
                if key == Self.repaintKey {
                    // A matter of the terminal, not of the storefront's state.
                    terminal.repaintWholeScreen()
                } else {
                    dispatch(.keyPressed(key))
                }
            }
            for action in mailbox.drain() { dispatch(action) }
            if state.activity != nil { dispatch(.tick) }
            if !state.snapshot.timeline.isReal { dispatch(.clockTicked(Date())) }
            if !mailbox.isAwaitingResults { followStore() }
        }
        if !state.isQuitting {
            // A termination signal leaves the way Ctrl-C does: an open payment sheet is cancelled.
            dispatch(.keyPressed(.ctrl("c")))
        }
        // A change under way is waited for, and its commit may wait up to lock_timeout for
        // another session: the spinner goes on turning and says the storefront closes after it
        // (the screen stood still, as if the quit key had been lost). Keys are left unread.
        // A change dropped while it waited for the lock is not waited for: it will write nothing.
        while mailbox.isStillRunning && changeStillUnderWay {
            // A change found waiting for the file's lock (said a second into its wait) is dropped
            // then, if it has not begun: the storefront never waits on another process to leave.
            for action in mailbox.drain() {
                let effects = update(&state, action)
                if effects.contains(.dropChangeUnderWay) { _ = update(&state, .changeDropped(dropLatestChange())) }
            }
            _ = update(&state, .tick)
            terminal.draw(render(state, size: state.size))
            Thread.sleep(forTimeInterval: Double(Self.busyTimeoutMilliseconds) / 1_000)
        }
        if !changeTickets.contains(where: { !$0.isFinished }) { worker.sync {} }
        // What became of the changes under way is taken in, for the storefront to say once the
        // screen is gone; nothing more is asked of the store.
        for action in mailbox.drain() { _ = update(&state, action) }
    }

    func dispatch(_ action: Action) {
        if action.makesTheStoreUnreadable, state.unreadableReason == nil { reconnect.failed(at: lastClockReading) }
        for effect in update(&state, action) {
            if effect == .dropChangeUnderWay {
                dispatch(.changeDropped(dropLatestChange()))
                continue
            }
            let runner = self.runner, mailbox = self.mailbox, storefront = state.storefront
            // Each change runs under a ticket of its own, which only that change's drop abandons.
            let ticket = ChangeTicket()
            if effect.changesTheStore {
                changeTickets.removeAll { $0.isFinished }
                changeTickets.append(ticket)
            }
            mailbox.expect()
            worker.async { mailbox.post(ticket.run { runner.run(effect, storefront: storefront) }) }
        }
    }

    /// Drops the latest change sent to the worker unless it has begun; answered here and now,
    /// as the worker may be stuck waiting for the file's lock. True when it was dropped.
    private func dropLatestChange() -> Bool {
        changeTickets.last.map { !$0.isFinished && $0.abandonUnlessBegun() } ?? false
    }

    /// Whether a change sent to the worker has neither ended nor been dropped: leaving waits for it.
    private var changeStillUnderWay: Bool {
        changeTickets.contains { !$0.isFinished && !$0.isAbandoned }
    }

    private func readClock() -> Date {
        lastClockReading = clock()
        return lastClockReading
    }

    /// How long the next key read may wait: while something turns or counts down, or an
    /// effect's result is still to come, briefly; with a change signal, until the next renewal
    /// check, reconnect attempt or look at a damaged store (or a key, or the signal); without
    /// one, briefly, since the log must be asked.
    func waitMilliseconds(hasChangeSignal: Bool) -> Int? {
        if state.activity != nil || !state.isConfirmationArmed(at: state.keyTime) || mailbox.isAwaitingResults {
            return Self.busyTimeoutMilliseconds
        }
        if state.unreadableReason != nil {
            let untilReconnect = reconnect.millisecondsUntilDue(at: lastClockReading) ?? 0
            // A store time running fast keeps moving in the header while the store is down.
            return state.snapshot.timeline.isReal ? untilReconnect : min(untilReconnect, Self.idleTimeoutMilliseconds)
        }
        guard hasChangeSignal else { return Self.idleTimeoutMilliseconds }
        if !state.snapshot.timeline.isReal { return Self.idleTimeoutMilliseconds }
        let catchUp = store.snapshot.subscriptions.isEmpty ? nil : Self.catchUpInterval
        let recheck = store.quietRecheckInterval
        // Store time is real time here; a wait of weeks is cut to a minute, which costs nothing.
        let untilTimedChange = state.snapshot.nextChangeInTime.map { min(max(0, $0.timeIntervalSince(store.now())), 60) }
        guard let wait = [catchUp, recheck, timedWriteCheckInterval, untilTimedChange].compactMap({ $0 }).min() else { return nil }
        return Int(wait * 1000)
    }

    /// Shows what other processes committed and records renewals and expiries that fell due;
    /// while the store is unreachable, tries it again when the schedule says so.
    ///
    /// Damage found in the ledger (or mended) reaches the screen the way it does at start-up:
    /// the snapshot carries the ledger's problems, which make the banner and the read-only
    /// state, so nothing here turns it into an alert. So does a store that stopped (or started
    /// again) being writable, found by asking again on each change noticed.
    private func followStore() {
        if state.unreadableReason != nil {
            guard reconnect.isDue(at: readClock()) else { return }
            do {
                try store.refresh()
                reconnect.succeeded()
                dispatch(.storeReconnected)
                dispatch(runner.snapshot(state.buyer, state.storefront))
            } catch {
                reconnect.failed(at: lastClockReading)
                // The banner says why the store is down now, not why it first went down: a
                // server that came back refusing this role needs other help than one that is off.
                dispatch(.storeUnreadable(error))
            }
            return
        }
        var changed = false
        // Due renewals shown applied without anything recorded: the server side shown stays.
        var projectedOnly = false
        do {
            if store.hasExternalChanges() {
                changed = try store.refresh()
                // Before the catch-up below, so a store that just stopped being writable is not written.
                if writeAccess?.schedule == .onNoticedChange { recheckWriteAccess() }
            }
        } catch {
            dispatch(.storeUnreadable(error))
            return
        }
        recheckWriteAccessIfDue()
        if Self.catchUpIsDue(store, since: lastCatchUp, readOnly: state.readOnlyReason != nil) {
            lastCatchUp = Date()
            let caughtUp = catchUp()
            projectedOnly = !changed && caughtUp == .heldByAnotherSession
            changed = caughtUp != .nothingToShow || changed
        } else if state.heldCatchUpReason != nil, !store.hasDueEvents {
            // Recorded by another process meanwhile: nothing waits any more.
            dispatch(.catchUpHeld(reason: nil))
        } else if !changed, Self.projectionIsDue(store, since: lastCatchUp, readOnly: state.readOnlyReason != nil) {
            lastCatchUp = Date()
            changed = true
            projectedOnly = true
        }
        if !changed, Self.timedChangeIsDue(state.snapshot, at: store.now()) {
            // Nothing to record: a pass ran out, or a period paid ahead began.
            changed = true
            projectedOnly = true
        }
        if changed {
            dispatch(runner.snapshot(state.buyer, state.storefront, keeping: projectedOnly ? state.snapshot.serverSide : nil))
        }
        followServer()
    }

    /// Asks whether the store may be written, after a change to it was noticed (a `chmod` or
    /// `chattr` moves the file's change time) or when the timer says, and shows the answer if
    /// it changed.
    private func recheckWriteAccess() {
        guard let writeAccess else { return }
        let refusal = writeAccess.currentRefusal()
        if refusal != state.unavailableReason { dispatch(.writeAccessChanged(refusal: refusal)) }
    }

    /// The timer's interval while it runs: a check on a timer, and the storefront read-only
    /// (at start, or since a refused commit), so a grant is seen without a restart.
    private var timedWriteCheckInterval: TimeInterval? {
        guard case .whileRefused(let interval) = writeAccess?.schedule, state.unavailableReason != nil else { return nil }
        return interval
    }

    /// Asks a check on a timer again once its interval has passed since it was last asked or
    /// since the storefront turned read-only; a store that takes changes is never asked, so
    /// nothing is added to a wait or a key press then.
    private func recheckWriteAccessIfDue() {
        guard let interval = timedWriteCheckInterval, state.unreadableReason == nil else {
            lastTimedWriteCheck = nil
            return
        }
        let now = readClock()
        guard let last = lastTimedWriteCheck, now.timeIntervalSince(last) >= interval else {
            if lastTimedWriteCheck == nil { lastTimedWriteCheck = now }
            return
        }
        lastTimedWriteCheck = now
        recheckWriteAccess()
    }

    /// Whether the once-a-second catch-up should write: only when what was folded has a renewal,
    /// expiry or grace end that fell due. A catch-up is a commit, which takes the store's writer
    /// lock; taken every second for nothing, a storefront would wait behind any session holding
    /// that lock (and say so in an alert nobody asked for) while there was nothing to record.
    static func catchUpIsDue(_ store: Store, since lastCatchUp: Date, readOnly: Bool) -> Bool {
        // `hasDueEvents` first: it takes the store's lock, and the log's problems are asked only then.
        Date().timeIntervalSince(lastCatchUp) >= catchUpInterval && !readOnly && store.hasDueEvents
            && store.ledgerProblems.isEmpty
    }

    /// Whether a store this storefront does not write (read-only, or damaged) has had a renewal,
    /// expiry or grace end fall due since the screen's snapshot was taken, once a second: a
    /// fresh snapshot shows it applied, as a command's view does, since the snapshot's
    /// entitlements are the store's projection to now (the transactions list shows only what
    /// is recorded). Without it the countdown stood at 0:00 and the period shown had passed.
    static func projectionIsDue(_ store: Store, since lastCatchUp: Date, readOnly: Bool) -> Bool {
        Date().timeIntervalSince(lastCatchUp) >= catchUpInterval && (readOnly || !store.ledgerProblems.isEmpty)
            && store.hasDueEvents
    }

    /// Whether store time has reached the moment the snapshot shown stops being true with
    /// nothing recorded (`StoreSnapshot.nextChangeInTime`): a pass shown active with its
    /// countdown at 0:00 until another process happened to write.
    static func timedChangeIsDue(_ snapshot: StoreSnapshot, at storeNow: Date) -> Bool {
        snapshot.nextChangeInTime.map { storeNow >= $0 } ?? false
    }

    /// What a catch-up means for the screen.
    enum CatchUpOutcome {
        /// Nothing new to show.
        case nothingToShow
        /// Recorded, or refused in a way the store's state shows (damage, no write access):
        /// a fresh snapshot, server side included.
        case recordedOrRefused
        /// Another session's lock held the renewals up: a fresh snapshot shows them applied,
        /// as the commands do, until they are recorded; nothing was recorded, so the server
        /// side shown stays.
        case heldByAnotherSession
    }

    /// Records the renewals and expiries that fell due; says whether the screen needs a fresh
    /// snapshot, and of what kind (see `CatchUpOutcome`). A catch-up refused because the
    /// ledger turned out damaged, or because it may no longer be written, shows the banner
    /// (nobody asked for it, so no alert, as at start); any other failure is shown once, not
    /// once a second, until a catch-up succeeds again.
    ///
    /// It does not wait for a writer lock another session sits on: the screen would not answer
    /// meanwhile, and keys typed then would land on whatever opened after. A banner says why
    /// the renewals wait, until they are recorded.
    private func catchUp() -> CatchUpOutcome {
        do {
            let recorded = try store.catchUp(waitingForLock: false)
            lastCatchUpFailure = nil
            if state.heldCatchUpReason != nil { dispatch(.catchUpHeld(reason: nil)) }
            return recorded ? .recordedOrRefused : .nothingToShow
        } catch let held as StoreWriterLockHeld {
            let reason = StorefrontScreenText.catchUpHeld(held)
            if reason != state.heldCatchUpReason { dispatch(.catchUpHeld(reason: reason)) }
            return .heldByAnotherSession
        } catch let lost as StoreUnreachable {
            dispatch(.storeUnreachable(reason: lost.reason))
            return .nothingToShow
        } catch {
            if let banner = WriteAccessCheck.banner(after: error, check: writeAccess) {
                dispatch(.writeAccessChanged(refusal: banner))
                return .recordedOrRefused
            }
            let message = "\(error)"
            if store.ledgerProblems.isEmpty, message != lastCatchUpFailure { dispatch(.operationFailed(message: message)) }
            lastCatchUpFailure = message
            return .recordedOrRefused
        }
    }

    /// Shows a server starting or stopping, which the ledger does not record, within a second.
    private func followServer() {
        guard let serverSide, Date().timeIntervalSince(lastServerCheck) >= Self.catchUpInterval else { return }
        lastServerCheck = Date()
        let address = serverSide.servingAddress()
        if address != state.snapshot.serverSide.servingAddress { dispatch(.servingChanged(address: address)) }
    }
}
