import Foundation
import Testing
@testable import StorefrontTesting

/// An Xcode .storekit file opened in the storefront as the app's store.
@Suite("TUI in tmux: a .storekit file", .serialized,
       .enabled(if: TmuxSession.testsRun,
                "tmux is not installed, so the terminal tests cannot run; install it (apt-get install tmux) to run them"))
struct TUIStoreKitTests {
    @Test("A consumable and a subscription are bought from a sample .storekit file")
    func buyFromSample() async throws {
        let tui = try TUITests()
        let sample = try StoreKitCLITests().sample("SKDemo__Products")
        let tmux = try await tui.openStorefront(["--catalog", sample])
        defer { tmux.kill() }
        try tmux.type("/Fuel87")
        try tmux.press("Enter")
        try await TUITests.waitForPaymentSheet(tmux, showing: "+1 Fuel87")
        try tmux.press("Enter")
        try await tmux.waitFor("Purchase complete", "Fuel87: 1")
        try tmux.press("Escape")
        try tmux.type("/Premium")
        try tmux.press("Enter")
        try await TUITests.waitForPaymentSheet(tmux, showing: "$3.99")
        try tmux.press("Enter")
        try await tmux.waitFor("Purchase complete", "Subscribed to Premium")
        try await tmux.waitForScreen("the Premium row shows its renewal") { screen in
            TUITests.row("Premium", in: screen)?.contains("Renews") == true
        }
        let entitlements = try #require(try tui.cli.run(["entitlements", "--json", "--catalog", sample]).json() as? [String: Any])
        #expect((entitlements["credits"] as? [String: Int])?["consumable.fuel.octane87"] == 1)
        #expect((entitlements["subscriptions"] as? [[String: Any]])?.first?["productId"] as? String == "subscription.premium")
    }
}
