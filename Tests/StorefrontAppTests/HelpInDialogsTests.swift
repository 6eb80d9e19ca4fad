import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp

/// `?` opens the help of the dialog it was pressed in, with that dialog's keys first.
@Suite("Update: help inside dialogs")
struct HelpInDialogsTests {
    typealias F = StorefrontFixture

    /// The help on top, if that is what is on top.
    static func help(_ state: AppState) -> HelpScreen? {
        if case .help(let screen) = state.overlays.last { return screen }
        return nil
    }

    @Test("? in each dialog opens the help for that dialog, over it; Esc goes back to the dialog",
          arguments: [
            (["b"], HelpTopic.paymentSheet), (["u"], .spending), (["l"], .localePicker), (["a"], .accountPicker),
            (["t"], .transactions), (["s"], .settings),
          ])
    func questionMarkInDialogs(opening: [String], topic: HelpTopic) throws {
        var state = try F().state()
        for key in opening { state.send(.character(Character(key))) }
        let dialog = try #require(state.top)
        state.send(.character("?"))
        #expect(Self.help(state)?.topic == topic)
        #expect(state.overlays.count == 2)
        state.send(.escape)
        #expect(state.top == dialog)
    }

    @Test("? in the typed-locale and new-account fields opens their help; in search, F1 does (? is typed)")
    func textFields() throws {
        var state = try F().state()
        state.send(.character("l"), .down, .down, .down, .down, .enter)
        #expect(state.top?.helpTopic == .typedLocale)
        state.send(.character("?"))
        #expect(Self.help(state)?.topic == .typedLocale)

        var account = try F().state()
        account.send(.character("a"), .down, .enter)
        #expect(account.top?.helpTopic == .typedName)
        account.send(.character("?"))
        #expect(Self.help(account)?.topic == .typedName)

        var search = try F().state()
        search.send(.character("/"), .character("?"))
        #expect(search.list.query == "?")
        search.send(.function(1))
        #expect(Self.help(search)?.topic == .search)
    }

    @Test("The help lists the keys of the topic first, and covers search, the typed locale and the switcher")
    func content() {
        let locale = KeyHelp.lines(for: .typedLocale)
        #expect(locale.first?.meaning == "Language and storefront")
        #expect(locale.contains { $0.keys == "Other locale…" })
        let meanings = KeyHelp.all.map(\.meaning)
        #expect(meanings.contains("Search"))
        #expect(meanings.contains("Accounts and devices"))
        #expect(KeyHelp.lines(for: .search).first?.meaning == "Search")
        // A question's own keys first (before: the transactions screen's, with the question's after them).
        for question in [HelpTopic.refund, .cancelRenewal, .renewNow, .expire] {
            let lines = KeyHelp.lines(for: question)
            #expect(lines.first?.meaning == "Questions (refund, cancel renewal, renew now or fix billing, expire)")
            let own = lines.dropFirst().prefix { !$0.keys.isEmpty }
            #expect(own.contains { $0.keys.hasPrefix("Enter") } && own.contains { $0.keys.hasPrefix("Esc") }, "\(own)")
            #expect(!own.contains { $0.keys == "R" || $0.keys == "N" }, "the transactions screen's keys come after: \(own)")
            #expect(lines.dropFirst(own.count + 1).first?.meaning == "Transactions", "then the screen the question is over")
        }
        #expect(KeyHelp.all.count == KeyHelp.lines(for: .settings).count, "every topic lists every key")
    }
}
