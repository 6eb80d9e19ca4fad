import Foundation
import StoreEngine
import StoreNotifications
import StorefrontText

/// Tells the server's operator what its delivery of an app's notifications is doing, one line
/// per change: standing by behind another server, taking over, unable to record attempts, the
/// store's database lost and back; nothing when it delivers from the start.
///
/// A restart of the database drops the claim with the connection that held it, so without the
/// unreachable state a server would say that another server delivers, then that it took over
/// from one that stopped, when there was only ever itself.
///
/// Requests meet an outage too, often before the loop does (a quick restart may never show
/// in a pass), so the first part to notice tells of it and the same lines hold for both; the
/// other 500s of the outage are counted, not printed one by one.
final class DeliveryStateReport: @unchecked Sendable {
    /// One line for the operator: a warning, or news that needs no action.
    enum Line: Equatable {
        case warning(String)
        case notice(String)
    }

    private let say: @Sendable (Line) -> Void
    private let lock = NSLock()
    /// What the delivery loop last said it was doing.
    private var loopState: DeliveryState?
    /// The outage under way, whoever noticed it first; nil while the store is reached.
    private var outage: Outage?

    /// An outage of the store's database, told once when it begins and once when it ends.
    private struct Outage {
        /// What the loop was doing before it, so that "back" can say whether it delivers
        /// again or has only now begun to.
        var before: DeliveryState?
        /// Requests answered 500 for it, told as a count on the line that says it is back.
        var answered = 0
        /// Delivery passes ended since it was noticed: a pass that ended after one that
        /// already had ended began after the outage was noticed, so its success is news.
        var passesEnded = 0
    }

    /// - Parameter say: writes one line for the operator (stderr).
    init(say: @escaping @Sendable (Line) -> Void) {
        self.say = say
    }

    /// The delivery loop's state: told at its first pass and whenever it changes.
    func stateChanged(_ state: DeliveryState) {
        let line = lock.withLock { () -> Line? in
            defer { loopState = state }
            if case .storeUnreachable(let lost) = state { return outageBegins(lost) }
            if outage != nil { return outageEnds(reaching: state) }
            return Self.line(from: loopState, to: state)
        }
        if let line { say(line) }
    }

    /// The loop ended a pass (after `stateChanged`, if its state changed). An outage noticed
    /// by requests alone ends here: the loop reaches the store again without a change of state.
    func passEnded() {
        let line = lock.withLock { () -> Line? in
            guard var current = outage, let state = loopState else { return nil }
            if case .storeUnreachable = state { return nil }
            current.passesEnded += 1
            outage = current
            return current.passesEnded >= 2 ? outageEnds(reaching: state) : nil
        }
        if let line { say(line) }
    }

    /// A request was answered 500 because the store's database cannot be reached: the outage
    /// is told first if nobody noticed it yet, then `tell` says the answer's own line for the
    /// first such request of the outage only; the others are counted.
    func requestAnsweredUnreachable(_ lost: StoreUnreachable, tell: () -> Void) {
        let (line, isFirst) = lock.withLock { () -> (Line?, Bool) in
            let line = outageBegins(lost)
            outage?.answered += 1
            return (line, outage?.answered == 1)
        }
        if let line { say(line) }
        if isFirst { tell() }
    }

    /// The line that tells of an outage, or nil when it was told already; call under `lock`.
    private func outageBegins(_ lost: StoreUnreachable) -> Line? {
        guard outage == nil else { return nil }
        outage = Outage(before: loopState)
        return .warning(CommandLineText.Notifications.databaseLost(store: lost.store.text, reason: lost.reason))
    }

    /// The line that tells the outage ended with the loop in `state`; call under `lock`.
    private func outageEnds(reaching state: DeliveryState) -> Line? {
        typealias Words = CommandLineText.Notifications
        guard let ended = outage else { return nil }
        outage = nil
        let back = switch state {
        case .delivering: Words.databaseBackDelivering(again: ended.before == .delivering)
        case .cannotRecord(let reason): Words.databaseBackCannotRecord(reason)
        default: Words.databaseBackStandingBy
        }
        return .notice(back + (ended.answered > 0 ? Words.answeredMeanwhile(ended.answered) : ""))
    }

    /// What to say when the loop, reaching its store, goes from `previous` (nil at start) to `state`.
    private static func line(from previous: DeliveryState?, to state: DeliveryState) -> Line? {
        switch (previous, state) {
        case (.standingBy?, .delivering):
            return .warning(CommandLineText.Notifications.tookOver)
        case (.claimBlocked?, .delivering):
            return .notice(CommandLineText.Notifications.claimCleared)
        case (.claimBlocked?, .claimBlocked):
            return nil
        case (_, .claimBlocked(let sentence)):
            return .warning(sentence)
        case (.delivering?, .standingBy), (.cannotRecord?, .standingBy), (.claimBlocked?, .standingBy), (nil, .standingBy):
            return .warning(CommandLineText.Notifications.standingBy)
        case (.cannotRecord?, .cannotRecord):
            return nil
        case (_, .cannotRecord(let reason)):
            return .warning(CommandLineText.Notifications.cannotRecord(reason))
        case (.cannotRecord?, .delivering):
            return .notice(CommandLineText.Notifications.mayRecordAgain)
        default:
            return nil
        }
    }
}
