import StoreEngine
import StorefrontApp

extension Action {
    /// The store could not be read: its server went away, or it refused (a role without
    /// SELECT, a file made unreadable or replaced by a directory). Either way the banner says
    /// why and the run loop tries again on its schedule, instead of an alert on every look at
    /// the store; only a lost server is called unreachable.
    static func storeUnreadable(_ error: any Error) -> Action {
        if let lost = error as? StoreUnreachable { return .storeUnreachable(reason: lost.reason) }
        return .storeRefusedReading(reason: "\(error)")
    }

    /// Whether this action says the store cannot be read, which starts the reconnect schedule.
    var makesTheStoreUnreadable: Bool {
        switch self {
        case .storeUnreachable, .storeRefusedReading: true
        default: false
        }
    }
}
