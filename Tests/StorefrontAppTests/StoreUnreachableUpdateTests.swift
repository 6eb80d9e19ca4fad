import StoreEngine
import StoreLedger
import StorefrontText
import TerminalUI
import Testing
@testable import StorefrontApp
@testable import StorefrontRuntime
@testable import StorefrontTesting

/// The store's server goes away and comes back: the banner, read-only meanwhile, and the
/// effect runner's report of a commit that could not reach it.
@Suite("Update: an unreachable store")
struct StoreUnreachableUpdateTests {
    typealias F = StorefrontFixture

    static let banner = "The store is unreachable; retrying. Nothing can be bought, spent or changed until it is back "
        + "(server closed the connection)."

    @Test("The loss makes the store read-only with the banner's words; Enter asks nothing of the store")
    func lossIsReadOnly() throws {
        let fixture = try F()
        var state = fixture.state()
        _ = update(&state, .storeUnreachable(reason: "server closed the connection"))
        #expect(state.unreadableReason == "server closed the connection")
        #expect(state.readOnlyReason == Self.banner)
        let effects = state.send(.enter)
        #expect(effects.isEmpty)
        #expect(state.topAlert == Alert(title: "Read-only", message: Self.banner, tone: .failure))
    }

    @Test("A session the server ended is not called unreachable: the banner says the server ended it and reconnecting")
    func endedSessionBanner() throws {
        let fixture = try F()
        var state = fixture.state()
        let reason = "FATAL:  terminating connection due to administrator command"
        _ = update(&state, .storeUnreachable(reason: reason))
        #expect(state.readOnlyReason == "The store's server ended this session; reconnecting. Nothing can be bought, spent or "
                + "changed until it is back (\(reason)).")
    }

    @Test("A server that answered with its connection limit is not called unreachable (before: \"The store is unreachable\")")
    func connectionLimitBanner() throws {
        let fixture = try F()
        var state = fixture.state()
        let reason = "FATAL:  too many connections for role \"qa\""
        _ = update(&state, .storeUnreachable(reason: reason))
        #expect(state.readOnlyReason == "The store's server, database or role takes no more connections now; retrying. Nothing can be "
                + "bought, spent or changed until it is back (\(reason)).")
    }

    @Test("A password the server refuses now is not called an unreachable store (before: \"The store is unreachable\")")
    func refusedPasswordBanner() throws {
        let fixture = try F()
        var state = fixture.state()
        _ = update(&state, .storeUnreachable(reason: "FATAL:  password authentication failed for user \"qa\""))
        #expect(state.readOnlyReason?.hasPrefix("The store's server refuses this user's password now; retrying.") == true,
                "\(state.readOnlyReason ?? "")")
    }

    @Test("Reconnecting takes the banner away and lets changes through again")
    func reconnectClears() throws {
        let fixture = try F()
        var state = fixture.state()
        _ = update(&state, .storeUnreachable(reason: "server closed the connection"))
        _ = update(&state, .storeReconnected)
        #expect(state.unreadableReason == nil)
        #expect(state.readOnlyReason == nil)
        #expect(state.send(.enter).isEmpty, "Enter opens the payment sheet")
        #expect(state.overlays.count == 1)
    }

    @Test("The banner is drawn under the header at 80x24, and the header says Read-only")
    func bannerRendered() throws {
        let fixture = try F()
        var state = fixture.state()
        _ = update(&state, .storeUnreachable(reason: "server closed the connection"))
        let screen = render(state, size: Size(width: 80, height: 24))
        let bannerWords = (screen.rowText(2) + " " + screen.rowText(3)).split(separator: " ").joined(separator: " ")
        #expect(bannerWords == Self.banner)
        #expect(screen.rowText(1).contains("Read-only"))
    }

    @Test("A store that refuses reading says it cannot be read, not that it is unreachable; reading again clears it")
    func refusedReadingHasItsOwnBanner() throws {
        let fixture = try F()
        var state = fixture.state()
        _ = update(&state, .storeRefusedReading(reason: "permission denied for table storefront_events"))
        #expect(state.readOnlyReason == "The store cannot be read; retrying: permission denied for table storefront_events.")
        // A lost connection afterwards is told as such.
        _ = update(&state, .storeUnreachable(reason: "server closed the connection"))
        #expect(state.readOnlyReason == Self.banner)
        _ = update(&state, .storeRefusedReading(reason: "permission denied for table storefront_events"))
        _ = update(&state, .storeReconnected)
        #expect(state.readOnlyReason == nil && state.unreadableReason == nil)
    }

    @Test("A store read-only for its role that then cannot be read says it cannot be read, not only that it cannot be written")
    func unreadableOutranksUnwritable() throws {
        let fixture = try F()
        var state = fixture.state()
        _ = update(&state, .writeAccessChanged(refusal: "The store cannot be written (the role viewer has no INSERT)."))
        _ = update(&state, .storeRefusedReading(reason: "permission denied for table storefront_events"))
        #expect(state.readOnlyReason?.hasPrefix("The store cannot be read; retrying: ") == true, "\(state.readOnlyReason ?? "")")
        _ = update(&state, .storeReconnected)
        #expect(state.readOnlyReason == "The store cannot be written (the role viewer has no INSERT).")
    }

    @Test("The runtime calls only a lost server unreachable; any other failure to read is a refusal")
    func runtimeTellsLossFromRefusal() {
        #expect(Action.storeUnreadable(InMemoryEventLog.unreachable) == .storeUnreachable(reason: "connection refused"))
        #expect(Action.storeUnreadable(LedgerError.refusedForWriting(path: "/tmp/e.jsonl", problems: []))
                    == .storeRefusedReading(reason: "\(LedgerError.refusedForWriting(path: "/tmp/e.jsonl", problems: []))"))
        #expect(Action.storeUnreachable(reason: "x").makesTheStoreUnreadable && Action.storeRefusedReading(reason: "x").makesTheStoreUnreadable)
        #expect(!Action.storeReconnected.makesTheStoreUnreadable)
    }

    @Test("A commit that cannot reach the server fails with its reason and marks the store unreachable")
    func effectRunnerReportsLoss() throws {
        let fixture = try F()
        fixture.log.isReachable = false
        let actions = EffectRunner(store: fixture.store).run(
            .purchase(productID: F.noAds, buyer: fixture.buyer, storefront: "USA", simulate: nil, offerID: nil), storefront: "USA")
        // The alert's words are the storefront's: try again, not run a command again.
        #expect(actions == [.operationFailed(message: InMemoryEventLog.unreachable.described(for: .storefront)),
                            .storeUnreachable(reason: "connection refused")])
        guard case .operationFailed(let message) = actions.first else { return }
        #expect(message.contains("look before trying again") && !message.contains("running the command"), "\(message)")
    }
}
