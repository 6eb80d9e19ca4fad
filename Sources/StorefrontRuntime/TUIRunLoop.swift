import Foundation
import StoreEngine
import StorefrontApp
import TerminalUI

/// The interactive storefront's loop: draw, read a key, update, run effects, follow the ledger.
///
/// Store operations run on a worker thread so the spinner turns while they commit; their
/// results come back through a mailbox and are applied on this thread, the only one that
/// touches the state. Between keys the loop polls the ledger (a `stat`) so changes made by
/// other processes show within a fraction of a second, and records subscription events that
/// fall due.
public final class TUIRunLoop {
    private let store: Store
    private let terminal: any TerminalBackend
    private(set) var state: AppState
    private let runner: EffectRunner
    private let mailbox = ActionMailbox()
    private let worker = DispatchQueue(label: "storefront.effects")
    private var lastCatchUp = Date.distantPast
    /// Real time; tests give a clock they move by hand.
    private let clock: @Sendable () -> Date

    /// How long a key read waits: short while a spinner turns, longer otherwise, and never
    /// so long that a change in another process takes a second to show.
    static let idleTimeoutMilliseconds = 200
    static let busyTimeoutMilliseconds = 80
    static let catchUpInterval: TimeInterval = 1

    public init(store: Store, terminal: any TerminalBackend, state: AppState, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.terminal = terminal
        self.state = state
        self.runner = EffectRunner(store: store)
        self.clock = clock
    }

    /// Runs until the person quits or a termination signal arrives, then waits for the
    /// operations already asked for (a payment sheet's cancel, recorded on the way out) to finish.
    public func run() {
        while !state.isQuitting && !terminal.isTerminationRequested {
            dispatch(.keyClockTicked(clock()))
            terminal.draw(render(state, size: state.size))
            let isWaiting = state.activity != nil || !state.isConfirmationArmed(at: state.keyTime)
            let timeout = isWaiting ? Self.busyTimeoutMilliseconds : Self.idleTimeoutMilliseconds
            if let key = terminal.readKey(timeoutMilliseconds: timeout) {
                dispatch(.keyClockTicked(clock()))
                dispatch(.keyPressed(key))
            }
            for action in mailbox.drain() { dispatch(action) }
            if state.activity != nil { dispatch(.tick) }
            if !state.snapshot.timeline.isReal { dispatch(.clockTicked(Date())) }
            followLedger()
        }
        if !state.isQuitting {
            // A termination signal leaves the way Ctrl-C does: an open payment sheet is cancelled.
            dispatch(.keyPressed(.ctrl("c")))
        }
        worker.sync {}
    }

    func dispatch(_ action: Action) {
        for effect in update(&state, action) {
            let runner = self.runner, mailbox = self.mailbox, storefront = state.storefront
            worker.async { mailbox.post(runner.run(effect, storefront: storefront)) }
        }
    }

    /// Shows what other processes committed, and records renewals and expiries that fell due.
    private func followLedger() {
        var changed = false
        do {
            if store.hasExternalChanges() { changed = try store.refresh() || changed }
            if Date().timeIntervalSince(lastCatchUp) >= Self.catchUpInterval, state.readOnlyReason == nil,
               !store.snapshot.subscriptions.isEmpty {
                lastCatchUp = Date()
                changed = try store.catchUp() || changed
            }
        } catch {
            dispatch(.operationFailed(message: "\(error)"))
        }
        if changed { dispatch(runner.snapshot(state.buyer, state.storefront)) }
    }
}
