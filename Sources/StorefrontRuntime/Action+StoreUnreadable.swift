import StoreEngine
import StorefrontApp

extension Action {
    /// The store could not be read: its server went away, or its file cannot be opened or read
    /// (made unreadable, replaced by a directory). Either way the banner says why and the run
    /// loop tries again on its schedule, instead of an alert on every look at the store.
    static func storeUnreadable(_ error: any Error) -> Action {
        .storeUnreachable(reason: (error as? StoreUnreachable)?.reason ?? "\(error)")
    }
}
