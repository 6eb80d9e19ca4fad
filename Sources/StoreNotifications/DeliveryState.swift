import StoreEngine

/// What a server's delivery loop is doing for its app: delivering, standing by behind another
/// server that holds the delivery claim, kept from the claim by what stands at its file's path,
/// leaving delivery to others because it cannot record attempts, or waiting for the store's
/// server to be reached again.
public enum DeliveryState: Sendable, Equatable {
    case delivering
    case standingBy
    /// The claim cannot be taken for what stands at its file's path (a directory, a FIFO): no
    /// server delivers until it is moved away. The words say what stands there and the `mv`.
    case claimBlocked(String)
    /// This process may not write the store (the reason given), so it could not record what it
    /// sent and would send it again and again: it leaves the claim to a server that can.
    case cannotRecord(String)
    /// The store's server could not be reached: the claim could not be asked for, or a pass
    /// lost its connection. Nothing is delivered until it is back.
    case storeUnreachable(StoreUnreachable)

    /// Whether `other` is this state, whatever reason an unreachable store gave each time (a
    /// server going away says one thing, then another while it is down).
    public func isSame(as other: DeliveryState?) -> Bool {
        switch (self, other) {
        case (.delivering, .delivering), (.standingBy, .standingBy), (.storeUnreachable, .storeUnreachable),
             (.cannotRecord, .cannotRecord), (.claimBlocked, .claimBlocked): true
        default: false
        }
    }
}
