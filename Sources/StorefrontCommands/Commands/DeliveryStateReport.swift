import Foundation
import StoreEngine
import StoreNotifications
import StorefrontText

/// Tells the server's operator what its delivery of an app's notifications is doing, one line
/// per change: standing by behind another server, taking over, the store's database lost and
/// back; nothing when it delivers from the start.
///
/// A restart of the database drops the claim with the connection that held it, so without the
/// unreachable state a server would say that another server delivers, then that it took over
/// from one that stopped, when there was only ever itself.
final class DeliveryStateReport: @unchecked Sendable {
    /// One line for the operator: a warning, or news that needs no action.
    enum Line: Equatable {
        case warning(String)
        case notice(String)
    }

    private let say: @Sendable (Line) -> Void
    private let lock = NSLock()
    private var last: DeliveryState?
    /// What the loop was doing when the store was last reached, so that "back" can say
    /// whether it delivers again or has only now begun to.
    private var beforeOutage: DeliveryState?

    /// - Parameter say: writes one line for the operator (stderr).
    init(say: @escaping @Sendable (Line) -> Void) {
        self.say = say
    }

    func stateChanged(_ state: DeliveryState) {
        let line = lock.withLock { () -> Line? in
            defer {
                if case .storeUnreachable = state, !state.isSame(as: last) { beforeOutage = last }
                last = state
            }
            return Self.line(from: last, to: state, beforeOutage: beforeOutage)
        }
        if let line { say(line) }
    }

    /// What to say when the loop goes from `previous` (nil at start) to `state`;
    /// `beforeOutage` is what it did before the store became unreachable.
    private static func line(from previous: DeliveryState?, to state: DeliveryState, beforeOutage: DeliveryState?) -> Line? {
        typealias Words = CommandLineText.Notifications
        switch (previous, state) {
        case (.storeUnreachable?, .storeUnreachable):
            return nil
        case (_, .storeUnreachable(let lost)):
            return .warning(Words.databaseLost(store: lost.store.text, reason: lost.reason))
        case (.storeUnreachable?, .delivering):
            return .notice(Words.databaseBackDelivering(again: beforeOutage == .delivering))
        case (.storeUnreachable?, .standingBy):
            return .notice(Words.databaseBackStandingBy)
        case (.standingBy?, .delivering):
            return .warning(Words.tookOver)
        case (.standingBy?, .standingBy), (.delivering?, .delivering), (nil, .delivering):
            return nil
        case (.delivering?, .standingBy), (nil, .standingBy):
            return .warning(Words.standingBy)
        }
    }
}
