import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog
@testable import StorefrontText

/// A plan replaced at once by one of its own level and period is a crossgrade, and every word
/// about it says so: the refund question, the refund's message, the transactions' notes and the
/// storefront's refusal. A plan of a higher level is still an upgrade.
@Suite struct StoreCrossgradeWordsTests {
    static let catalogText = """
    {
      "format": "storefront-catalog", "version": 1,
      "app": {"name": "Tiers", "bundleId": "com.example.tiers"},
      "defaultLanguage": "en",
      "storefronts": [{"code": "USA", "currency": "USD"}],
      "subscriptionGroups": [{"id": "tiers", "names": {"en": "Tiers"}}],
      "products": [
        {"id": "family", "type": "autoRenewable", "localizations": {"en": {"title": "Family"}}, "prices": {"USA": "3"},
         "subscription": {"group": "tiers", "period": "P1M", "level": 1}},
        {"id": "student", "type": "autoRenewable", "localizations": {"en": {"title": "Student"}}, "prices": {"USA": "2"},
         "subscription": {"group": "tiers", "period": "P1M", "level": 1}},
        {"id": "basic", "type": "autoRenewable", "localizations": {"en": {"title": "Basic"}}, "prices": {"USA": "1"},
         "subscription": {"group": "tiers", "period": "P1M", "level": 2}}
      ]
    }
    """

    let fixture: StoreFixture
    let store: Store
    let text: StoreText

    init() throws {
        let report = CatalogLoader.lint(bytes: Array(Self.catalogText.utf8), file: "tiers.json")
        fixture = StoreFixture(catalog: try #require(report.catalog))
        store = try fixture.store()
        text = StoreText(catalog: store.catalog, locale: "en_US", storefront: "USA")
    }

    /// Buys `from`, lets ten days pass, buys `to` (a change at once) and returns both records.
    func replace(_ from: String, with to: String) throws -> (replaced: TransactionRecord, replacement: TransactionRecord) {
        let first = try #require(try store.purchase(from, buyer: phone, storefront: "USA").transaction)
        fixture.clock.advance(by: 10 * 86_400)
        let second = try #require(try store.purchase(to, buyer: phone, storefront: "USA").transaction)
        let replaced = try #require(store.snapshot.transactions[first.id])
        #expect(replaced.replacedBy == second.id, "the change took effect at once")
        return (replaced, try #require(store.snapshot.transactions[second.id]))
    }

    @Test("A plan of the same level is a crossgrade; a higher one, an upgrade; an unknown one, an upgrade as recorded")
    func theRule() {
        #expect(PlanChange.isCrossgrade(from: "family", to: "student", in: store.catalog))
        #expect(!PlanChange.isCrossgrade(from: "basic", to: "family", in: store.catalog))
        #expect(!PlanChange.isCrossgrade(from: "family", to: "gone", in: store.catalog))
        #expect(text.planChange(from: "family", to: "student") == .crossgrade)
        #expect(text.planChange(from: "basic", to: "student") == .upgrade)
        #expect(text.planChange(from: "family", to: nil) == .upgrade)
    }

    @Test("A crossgrade's replaced plan: its note, refund question, refund message and refusal say crossgrade (before: upgrade)")
    func aCrossgradeIsSaidSo() throws {
        let (family, student) = try replace("family", with: "student")
        #expect(text.replacedText(family, replacement: student) == "replaced by a crossgrade (transaction \(student.id))")
        let question = StorefrontPaneText.refundQuestion(family, replacedBy: student, now: fixture.clock.now(), text: text).question
        #expect(question.contains("of it came back at the crossgrade to Student,") && !question.contains("upgrade"), "\(question)")
        let result = try store.refund(family.id)
        #expect(result.replacementProductID == "student")
        let message = text.refundMessage(result)
        #expect(message.contains("of that came back at the crossgrade that replaced it.") && !message.contains("upgrade"), "\(message)")
        let refunded = result.transaction
        let money = store.snapshot.refundMoney(of: refunded)
        #expect(text.refundedAfterUpgradeText(refunded, replacement: student, money: money)?
                    .hasSuffix("of its price came back at the crossgrade that replaced it") == true)
        #expect(text.refundedOfPriceText(refunded, replacement: student, money: money)?.hasSuffix(" at the crossgrade)") == true)
        let refusal = StorefrontScreenText.transactionChangedSinceShown(family.id, replacedBy: .crossgrade)
        #expect(refusal.hasPrefix("Transaction \(family.id) was replaced by a crossgrade while the question was open"), "\(refusal)")
    }

    @Test("An upgrade's replaced plan still says upgrade, and a refusal for another change names none")
    func anUpgradeStaysAnUpgrade() throws {
        let (basic, family) = try replace("basic", with: "family")
        #expect(text.replacedText(basic, replacement: family) == "replaced by an upgrade (transaction \(family.id))")
        let question = StorefrontPaneText.refundQuestion(basic, replacedBy: family, now: fixture.clock.now(), text: text).question
        #expect(question.contains("of it came back at the upgrade to Family,"), "\(question)")
        #expect(text.refundMessage(try store.refund(basic.id)).contains("came back at the upgrade that replaced it."))
        #expect(StorefrontScreenText.transactionChangedSinceShown(basic.id, replacedBy: .upgrade).contains("was replaced by an upgrade while"))
        let changed = StorefrontScreenText.transactionChangedSinceShown(basic.id, replacedBy: nil)
        #expect(changed.contains("changed while the question was open: a period or pass of it was bought or refunded")
                && !changed.contains("replaced"), "\(changed)")
    }
}
