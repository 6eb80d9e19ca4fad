import Foundation

/// The store's clock: its rate and jumps forward, recorded in the ledger so all processes agree.
extension Store {
    /// The current clock settings.
    public var timeline: StoreTimeline { snapshot.timeline }

    /// Makes store time run at `rate` from now on (store time does not jump).
    public func setTimeRate(_ rate: TimeRate, buyer: Buyer) throws {
        try commit { state, now in
            var change = event(.clock, for: buyer, at: now)
            change.realTime = clock.now()
            change.storeTime = now
            change.rate = rate
            return ([change], ())
        }
    }

    /// The latest store time an advance may reach (3000-01-01T00:00:00Z): dates stay within
    /// four-digit years, and catch-up arithmetic on them stays far from any limit.
    public static let latestStoreTime = Date(timeIntervalSince1970: 32_503_680_000)

    /// Whether store time never gets to `moment`: it stops at `latestStoreTime`, so a period
    /// ending then or later never renews, and store time standing there has stopped.
    public static func storeTimeNeverReaches(_ moment: Date) -> Bool { moment >= latestStoreTime }

    /// Moves store time forward by `duration`; what falls due is recorded at once.
    /// Returns the new store time.
    @discardableResult
    public func advance(by duration: StoreDuration, buyer: Buyer) throws -> Date {
        try advanceCountingDue(by: duration, buyer: buyer).storeTime
    }

    /// Moves store time forward as `advance` does, and counts the events that fell due in this
    /// move: those it recorded itself, not what other processes recorded meanwhile (before this
    /// commit took its turn, their catch-up may have recorded renewals this move would have).
    public func advanceCountingDue(by duration: StoreDuration, buyer: Buyer) throws -> (storeTime: Date, dueEvents: Int) {
        try commit { state, now in
            let target = duration.added(to: now)
            guard target <= Self.latestStoreTime else { throw StoreError.pastLatestStoreTime(Self.latestStoreTime) }
            var change = event(.clock, for: buyer, at: now)
            change.realTime = clock.now()
            change.storeTime = target
            change.rate = state.timeline.rate
            var preview = state
            preview.apply(change, sequence: state.eventCount + 1)
            let due = SubscriptionSchedule(catalog: catalog).dueEvents(in: preview, at: target)
            return ([change] + due, (target, due.count))
        }
    }
}
