import Foundation
import StoreEngine
import TerminalUI
import StoreCatalog
import StoreLedger
import StorefrontText

/// Everything the storefront shows, as one value.
///
/// It holds no store: what the screens need from the store comes in `snapshot`, which the
/// runtime replaces whenever the ledger changes. Only `update` changes it.
public struct AppState: Equatable, Sendable {
    public var catalog: Catalog
    public var buyer: Buyer
    public var locale: String
    public var storefront: String
    public var snapshot: StoreSnapshot
    /// Why the store may not be written, found when it opened or while it is open; the
    /// products show, and nothing can be changed.
    public var unavailableReason: String?
    /// Why the store cannot be read now: what the connection said when its server stopped
    /// answering, or the refusal of a store that answered (a role refused reading, a file made
    /// unreadable); nil while it can be read. The runtime keeps trying, and nothing can be
    /// changed meanwhile.
    public var unreadableReason: String?
    /// Whether `unreadableReason` is a refusal from a store that answered, not a lost connection.
    public var isReadingRefused = false
    /// Why renewals and expiries that fell due are not recorded yet: another session holds the
    /// store's writer lock. The storefront still takes changes (they wait for that session
    /// too); the runtime tries again every second and clears this once nothing waits.
    public var heldCatchUpReason: String?
    /// The terminal size the state was last laid out for.
    public var size: Size
    public var list: ProductList
    /// True while the search field takes the keys.
    public var isSearching: Bool
    /// Screens and sheets over the main screen, the top one last.
    public var overlays: [Overlay]
    /// The store operation in progress, if any.
    public var activity: Activity?
    /// Set when that operation has waited long for the entitlements file's writer lock: who
    /// holds it. Cleared as the next operation starts.
    public var lockWait: LockHolderName?
    /// Whether the runtime was asked to drop the operation under way (Esc at its sheet, or
    /// quitting); asked once an operation.
    var askedToDropChange = false
    /// Whether the runtime answered that the change had begun, so Esc or `q` came too late.
    var dropRefused = false
    /// Counts spinner frames while an operation runs.
    public var tick: Int
    public var random: RandomSequence
    /// The torn-tail report already shown, so it is shown once.
    public var reportedTornTail: TornTailReport?
    public var isQuitting: Bool
    /// The outcomes of changes that ended after quitting was asked for (Ctrl-C while one was
    /// stored): the screen closes before they could be read, so they are said after it.
    public var outcomesAfterQuitting: [Alert] = []
    /// Whether a change under way at quitting was refused or failed: the storefront then exits 1,
    /// as the command for it would, so a script learns that it did not go through.
    public var changeFailedAfterQuitting: Bool {
        outcomesAfterQuitting.contains { $0.tone == .warning || $0.tone == .failure }
    }
    /// Quitting was asked for while a change was being stored (not the cancel a quit from a
    /// payment sheet records itself, which the person asked for by quitting).
    var quitWhileChanging = false
    /// Real time as of the last clock tick; with the snapshot's timeline it gives store time,
    /// for countdowns while store time runs fast.
    public var now: Date
    /// Real time as of the last key (or input clock tick), for the arming of confirmation sheets.
    public var keyTime: Date
    /// When the confirmation sheet on top was opened; it takes Enter only `ConfirmationArming.delay` later.
    public var confirmationOpenedAt: Date?
    /// What the payment sheet on top charges changed under it (another process changed the
    /// store): the next input clock tick arms it anew, from a time no later key can precede.
    var rearmsSheetAtNextTick = false
    /// The payment sheet whose charge changed under it, and what it showed as due today before
    /// (nil when it showed no charge today), so the sheet says that it changed and from what.
    var sheetChangedUnder: SheetChange?
    /// The refund, renew-now or expire question whose words changed while it was open, so it
    /// says so (its Enter is held back a moment too).
    var questionChangedUnder: Overlay?
    /// Keys that arrived while an operation ran, to be handled when it ends.
    public var waitingKeys: [WaitingKey]
    /// An outcome that needs no answer, shown until the next key, which does its own work (Enter only closes it).
    public var notice: Alert?
    /// The announcements of purchases settled elsewhere that the notice shown now gathers, in the
    /// order they were settled: one that arrives while they are shown joins them instead of
    /// taking their place.
    var settledAnnouncements: [Alert] = []
    /// This storefront's own result that was shown, unread, when the first of those arrived: it
    /// stays first in the box (see `announcementNotice`).
    var announcementLead: Alert?
    /// The accounts whose history was said to hold what the catalog does not name, so each is
    /// said once (see `noticeCatalogGaps`).
    var catalogGapsNoticed: Set<String> = []
    /// How far the detail pane is scrolled, for the product it was scrolled on.
    public var detailScroll: DetailScroll
    /// Accounts and devices used during this run, kept in the switcher even before they
    /// have anything in the ledger.
    public var visitedAccounts: [String]
    public var visitedDevices: [String]

    public init(catalog: Catalog, buyer: Buyer, locale: String, storefront: String, snapshot: StoreSnapshot,
                size: Size, seed: UInt64 = 1, unavailableReason: String? = nil, now: Date = Date(timeIntervalSince1970: 0)) {
        self.catalog = catalog
        self.buyer = buyer
        self.locale = locale
        self.storefront = storefront
        self.snapshot = snapshot
        self.unavailableReason = unavailableReason
        self.unreadableReason = nil
        self.size = size
        self.list = ProductList(catalog: catalog, locale: locale)
        self.isSearching = false
        self.overlays = []
        self.activity = nil
        self.tick = 0
        self.random = RandomSequence(seed: seed)
        self.reportedTornTail = nil
        self.isQuitting = false
        self.now = now
        self.keyTime = now
        self.confirmationOpenedAt = nil
        self.waitingKeys = []
        self.notice = nil
        self.detailScroll = DetailScroll()
        self.visitedAccounts = [Buyer().account, buyer.account]
        self.visitedDevices = [Buyer().device, buyer.device]
        // The list was built before the layout was known; select again so the first heading shows.
        list.move(.first, viewportHeight: MainLayout(state: self, size: size).listViewportHeight)
    }

    /// The words and numbers for the current locale and storefront.
    public var text: StoreText { AppText.storeText(catalog: catalog, locale: locale, storefront: storefront) }

    /// The store's time now.
    public var storeNow: Date { snapshot.storeTime(at: now) }

    /// The selected product of the main list; none while the products cannot be loaded.
    public var selectedProduct: Product? {
        guard productsUnavailableReason == nil else { return nil }
        return list.selectedProductIndex.map { catalog.products[$0] }
    }

    /// Why the product list cannot be shown: an error injected into loading products
    /// (`fail.load-products`), as an app would see it; nil when the products load.
    public var productsUnavailableReason: String? {
        snapshot.settings.failures[.loadProducts].map { StorefrontScreenText.productsUnavailable(explanation: $0.error.explanation) }
    }

    /// Why nothing can be changed right now, or nil when the store takes changes.
    public var readOnlyReason: String? {
        // A store that cannot be read says so first: what it may not write matters only once
        // what it shows is current.
        if let unreadableReason {
            return isReadingRefused ? StorefrontScreenText.storeRefusesReading(reason: unreadableReason)
                : StorefrontScreenText.storeUnreachable(reason: unreadableReason)
        }
        if let unavailableReason { return unavailableReason }
        guard let problem = snapshot.ledgerProblems.first else { return nil }
        let words = StoreProblemText.describe(problem, in: snapshot.medium)
        switch snapshot.medium {
        case .entitlementsFile:
            return StorefrontScreenText.ledgerProblem(words, more: snapshot.ledgerProblems.count - 1)
        case .database(let address):
            return StorefrontScreenText.databaseProblem(address, problem: words, more: snapshot.ledgerProblems.count - 1)
        }
    }

    /// What the banner under the header says: why nothing can be changed, or else why due
    /// renewals wait; nil for no banner.
    public var bannerText: String? { (readOnlyReason ?? heldCatchUpReason).map(advising) }

    /// The options the storefront was given that the commands its words advise are made to
    /// name (see `StoreCommandText.naming`); none leaves advice as written.
    public var advisedOptions: [AdvisedOption] = []

    /// `text` with the commands it advises naming the store and app this storefront was started
    /// with, and the account and device it shows now (they can be switched while it runs).
    public func advising(_ text: String) -> String {
        guard !advisedOptions.isEmpty || buyer != Buyer(account: "tester", device: "default") else { return text }
        let chosen = StoreCommandText.advisedOptions(store: nil, catalogs: [], account: buyer.account, device: buyer.device)
        let options = advisedOptions.filter { $0.flag != "--account" && $0.flag != "--device" } + chosen
        return StoreCommandText.naming(options, in: text)
    }

    /// `alert` with the commands it advises naming the store this storefront shows.
    func advising(_ alert: Alert) -> Alert {
        var named = alert
        named.message = advising(alert.message)
        return named
    }

    /// True when the window is below the smallest size the screens are laid out for.
    public var isTooSmall: Bool { Self.isTooSmall(size) }

    /// The smallest window the screens are laid out for.
    public static let minimumSize = Size(width: 60, height: 16)

    static func isTooSmall(_ size: Size) -> Bool {
        size.width < minimumSize.width || size.height < minimumSize.height
    }

    /// The product that sells `credit` here, for "buy more" on the spend screen.
    func productGranting(_ credit: String) -> Product? {
        catalog.products.first { $0.grant?.credit == credit && $0.price(in: storefront) != nil }
            ?? catalog.products.first { $0.grant?.credit == credit }
    }
}

extension AppState {
    /// A payment sheet's charge that changed while it was open: see `sheetChangedUnder`.
    struct SheetChange: Equatable, Sendable {
        var productID: String
        var dueBefore: Decimal?
    }
}
