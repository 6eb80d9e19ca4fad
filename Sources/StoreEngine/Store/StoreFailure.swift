import Foundation

/// A store operation that failed because an error was injected into it for testing.
public struct StoreFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var operation: StoreOperation
    public var error: InjectedError
    /// A one-shot injection (`ERROR:once`), used up by this failure: nothing is left to clear.
    public var once: Bool

    public init(operation: StoreOperation, error: InjectedError, once: Bool = false) {
        self.operation = operation
        self.error = error
        self.once = once
    }

    public var description: String {
        "\(operation.rawValue) failed: \(error.explanation) "
            + (once ? "(an injected one-shot error, used up now: the next \(operation.rawValue) goes through)"
                : "(an injected error; clear it with `storefront settings set fail.\(operation.rawValue) none`)")
    }
}

extension Store {
    /// Throws the error injected into a read-only operation (load products, subscription
    /// status, verification), using up a one-shot injection.
    public func checkInjectedFailure(_ operation: StoreOperation, buyer: Buyer) throws {
        guard snapshot.settings.failures[operation] != nil else { return }
        let thrown: StoreFailure? = try commit { state, now in
            guard let current = state.settings.failures[operation] else { return ([], nil) }
            return (decisions.consumption(of: current, operation: operation, buyer: buyer, at: now),
                    StoreFailure(operation: operation, error: current.error, once: current.once))
        }
        if let thrown { throw thrown }
    }
}
