import Foundation
import StoreEngine

/// The Rage catalog as the model knows it: written out by hand from the catalog's rules, so
/// the model does not read the engine's understanding of it.
enum ModelCatalog {
    enum Kind: Equatable {
        case consumable, nonConsumable, autoRenewable, pass, freeSubscription

        /// Whether `refund(pick:)` chooses among its purchases (subscriptions have their own step).
        var isRefundableByPick: Bool { self == .consumable || self == .nonConsumable || self == .pass }
    }

    struct Credit: Equatable {
        var id: String
        var maximum: Int
    }

    struct Product: Equatable {
        var id: String
        var kind: Kind
        var credit: Credit? = nil
        var grantAmount = 0
        /// A subscription's length (months), or a pass's duration.
        var months = 0
        /// A subscription's level in its group: 1 is the highest.
        var level = 0
        /// Days of the introductory free trial, for the first subscription in the group.
        var freeTrialDays: Int? = nil
        /// A promotional offer paid as it goes, for current and past subscribers of the group.
        var promotionalOffer: Offer? = nil
    }

    /// A pay-as-you-go offer: `periods` periods of `months` each, each counted from its own start.
    struct Offer: Equatable {
        var id: String
        var months: Int
        var periods: Int
    }

    static let faces = Credit(id: "rage-faces", maximum: 50)
    static let lives = Credit(id: "extra-lives", maximum: 99)
    static let credits = [faces, lives]

    static let products = [
        Product(id: "com.example.rage.face.random", kind: .consumable, credit: faces, grantAmount: 5),
        Product(id: "com.example.rage.lives.3", kind: .consumable, credit: lives, grantAmount: 3),
        Product(id: "com.example.rage.comic.drummer", kind: .nonConsumable),
        Product(id: "com.example.rage.comic.nightly", kind: .nonConsumable),
        Product(id: "com.example.rage.noads", kind: .nonConsumable),
        Product(id: "com.example.rage.pro.monthly", kind: .autoRenewable, months: 1, level: 2, freeTrialDays: 7,
                promotionalOffer: Offer(id: "rage.pro.comeback", months: 1, periods: 3)),
        Product(id: "com.example.rage.pro.yearly", kind: .autoRenewable, months: 12, level: 1),
        Product(id: "com.example.rage.season", kind: .pass, months: 3),
        Product(id: "com.example.rage.newsletter", kind: .freeSubscription),
    ]

    static func product(_ id: String) -> Product? { products.first { $0.id == id } }

    static let subscriptionIDs = products.filter { $0.kind == .autoRenewable }.map(\.id)

    /// Days of grace after a failed renewal, for monthly and yearly subscriptions.
    static let graceDays = 16
    /// Days the store retries billing before the subscription expires.
    static let billingRetryDays = 60
}

/// Calendar arithmetic in UTC, as the store promises it (a month after 31 January is the
/// last day of February).
enum ModelCalendar {
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    static func adding(months: Int = 0, days: Int = 0, seconds: Int = 0, to date: Date) -> Date {
        calendar.date(byAdding: DateComponents(month: months, day: days, second: seconds), to: date)!
    }

    static func adding(_ duration: StoreDuration, to date: Date) -> Date {
        adding(months: duration.months, days: duration.days, seconds: duration.seconds, to: date)
    }
}
