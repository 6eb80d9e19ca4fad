import Foundation
import StoreEngine
import StorefrontText
import Testing
import TerminalUI
@testable import StorefrontApp
@testable import StoreCatalog

/// Properties of frames that hold at every size and locale: aligned columns, and a huge catalog drawn like a small one.
@Suite("Render: columns and large catalogs")
struct RenderLayoutTests {
    typealias F = StorefrontFixture

    /// The display column where `needle` starts in `row`, or nil when it is not there.
    static func column(of needle: String, in row: String) -> Int? {
        row.range(of: needle).map { String(row[..<$0.lowerBound]).displayWidth }
    }

    /// The product rows on screen, as (product, row text) pairs.
    static func productRows(_ state: AppState, in buffer: ScreenBuffer) -> [(Product, String)] {
        let box = MainLayout(state: state, size: state.size).list
        let visible = state.list.scroll.visibleRange(viewportHeight: state.listViewportHeight)
        return visible.enumerated().compactMap { offset, entry in
            guard case .product(let index) = state.list.entries[entry] else { return nil }
            return (state.catalog.products[index], buffer.rowText(box.y + 1 + offset))
        }
    }

    @Test("Prices end in one column and statuses end in one column, whatever the title's width",
          arguments: RenderSnapshotTests.locales.flatMap { locale in RenderSnapshotTests.sizes.map { (locale.0, locale.1, $0) } })
    func columnsAlign(locale: String, storefront: String, size: Size) throws {
        let state = try RenderSnapshotTests.livedIn().state(locale: locale, storefront: storefront, size: size)
        let buffer = render(state, size: size)
        let text = state.text
        let rows = Self.productRows(state, in: buffer)
        #expect(rows.count >= 4)
        var priceEnds: Set<Int> = []
        var statusEnds: Set<Int> = []
        for (product, row) in rows {
            let price = text.shownPrice(product).map { text.listedPrice($0, product: product) } ?? "—"
            let start = try #require(Self.column(of: price, in: row), "no price \(price) in \(row)")
            priceEnds.insert(start + price.displayWidth)
            let status = text.statusText(state.snapshot.status(of: product.id))
            if !status.isEmpty, let column = Self.column(of: status, in: row) { statusEnds.insert(column + status.displayWidth) }
        }
        #expect(priceEnds.count == 1, "prices end in columns \(priceEnds.sorted())")
        #expect(statusEnds.count == 1, "statuses end in columns \(statusEnds.sorted())")
        #expect(buffer.rowTexts.allSatisfy { $0.displayWidth == size.width }, "a row is wider or narrower than the window")
    }

    @Test("A long banner takes three rows from 24 rows up and reads whole at 100 columns; two rows in a smaller window, ending in …")
    func bannerRows() throws {
        let reason = StorefrontScreenText.storeCannotBeWritten("postgresql://viewer@localhost:55741/shop",
            reason: "the role \"viewer\" has no INSERT on storefront_events; the owner runs `GRANT INSERT ON storefront_events TO \"viewer\"`")
        for (size, rows) in [(Size(width: 100, height: 30), 3), (Size(width: 80, height: 24), 3), (Size(width: 60, height: 16), 2)] {
            var state = try RenderSnapshotTests.livedIn().state(size: size)
            _ = update(&state, .writeAccessChanged(refusal: reason))
            let layout = MainLayout(state: state, size: size)
            #expect(layout.banner.height == rows, "\(size)")
            let banner = render(state, size: size).rowTexts[layout.banner.y..<(layout.banner.y + layout.banner.height)]
            let shown = banner.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            if size.width == 100 {
                #expect(shown == reason, "\(shown)")
            } else if rows == 2 {
                #expect(shown.hasSuffix("…"), "\(shown)")
            }
        }
    }

    @Test("Commands an alert, a notice or the banner advises name the file the storefront was given, so pasted they act on it (before: on the default file)")
    func advisedCommandsNameTheStoreGiven() throws {
        let size = Size(width: 100, height: 30)
        var state = try RenderSnapshotTests.livedIn().state(size: size)
        state.advisedOptions = [AdvisedOption("--entitlements", "/tmp/shop.jsonl")]
        let advice = "`storefront verify` tells more."
        let named = "`storefront --entitlements /tmp/shop.jsonl verify`"
        func screen() -> String { render(state, size: size).rowTexts.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ") }
        state.overlays = [.alert(Alert(title: "Could not complete", message: advice, tone: .failure))]
        #expect(screen().contains(named), "\(screen())")
        state.overlays = []
        state.notice = Alert(title: "Done", message: advice, tone: .info)
        #expect(screen().contains(named), "\(screen())")
        state.notice = nil
        _ = update(&state, .writeAccessChanged(refusal: advice))
        #expect(state.bannerText?.contains(named) == true, "\(state.bannerText ?? "")")
        #expect(screen().contains(named), "\(screen())")
    }

    @Test("Japanese titles are drawn as wide glyphs: two columns each, the second a continuation")
    func wideGlyphs() throws {
        let state = try RenderSnapshotTests.livedIn().state(locale: "ja_JP", storefront: "JPN")
        let buffer = render(state, size: state.size)
        let rows = Self.productRows(state, in: buffer)
        let (product, row) = try #require(rows.first { $0.0.id == F.facePack })
        #expect(row.contains("ランダム・レイジフェイス"), "\(product.id): \(row)")
        let y = MainLayout(state: state, size: state.size).list.y + 1 + 1
        let x = try #require(Self.column(of: "ラ", in: row))
        #expect(buffer.cell(column: x, row: y)?.isWide == true)
        #expect(buffer.cell(column: x + 1, row: y)?.isContinuation == true)
    }

    /// A catalog of `count` stickers, every tenth a consumable, with prices from $0.99 up.
    static func bulkCatalog(count: Int) throws -> Catalog {
        var catalog = try CatalogLoader.loadBundled("Rage")
        catalog.products = (0..<count).map { index in
            let number = String(index).leftPadded(to: 5)
            let consumable = index % 10 == 0
            return Product(id: "com.example.bulk.\(number)", type: consumable ? .consumable : .nonConsumable,
                           referenceName: "Sticker \(number)",
                           localizations: ["en": LocalizedText(title: "Sticker \(number)", description: "Sticker number \(index).")],
                           prices: ["USA": Decimal(99 + index % 900) / 100],
                           grant: consumable ? CreditGrant(credit: "rage-faces", amount: 1) : nil)
        }
        return catalog
    }

    @Test("A 10,000-product catalog draws only the rows that fit, at the top and at the end")
    func tenThousandProducts() throws {
        let fixture = try F(catalog: Self.bulkCatalog(count: 10_000))
        var state = fixture.state()
        #expect(state.list.productCount == 10_000)
        #expect(state.list.entries.count == 10_002)
        let top = render(state, size: state.size)
        #expect(Self.productRows(state, in: top).count == state.listViewportHeight - 1, "one row is the section heading")
        #expect(RenderSnapshotTests.snapshots.verify(top, named: "catalog-10000-top-80x24").isSuccess)

        state.send(.end)
        #expect(state.selectedID == "com.example.bulk.09999")
        let end = render(state, size: state.size)
        let rows = Self.productRows(state, in: end)
        #expect(rows.count == state.listViewportHeight)
        #expect(rows.last?.0.id == "com.example.bulk.09999")
        #expect(RenderSnapshotTests.snapshots.verify(end, named: "catalog-10000-end-80x24").isSuccess)

        state.send(.pageUp)
        #expect(state.list.scroll.selection == state.list.entries.count - 1 - state.listViewportHeight, "one page up")
        state.send(.character("/"))
        state.type("04321")
        #expect(state.list.productCount == 1)
        #expect(state.selectedID == "com.example.bulk.04321")
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}

/// The title bar: the app's name stays beside the longest account and device names.
@Suite("Render: the title bar")
struct HeaderTitleBarTests {
    @Test("Names of 40 characters are cut with … so the app's name stays in the bar at 100 and 60 columns (before: pushed out)",
          arguments: [100, 60])
    func longNamesKeepTheAppName(width: Int) throws {
        let account = String(repeating: "a", count: 38) + "yz"
        let device = String(repeating: "d", count: 38) + "wx"
        let fixture = try StorefrontFixture(buyer: Buyer(account: account, device: device))
        let state = fixture.state(size: Size(width: width, height: 24))
        let bar = render(state, size: state.size).rowText(0)
        let title = AppTitle.title(of: state.catalog)
        #expect(bar.hasPrefix(" " + String(title.prefix(HeaderView.minimumTitleWidth - 2))), "\(bar)")
        #expect(bar.contains("… on ") && bar.hasSuffix("… · en_US · USA "), "both names cut, the rest kept: \(bar)")
        #expect(bar.displayWidth == width)
    }

    @Test("Names that fit are shown whole, and the app's name in full")
    func shortNamesAreWhole() throws {
        let fixture = try StorefrontFixture(buyer: Buyer(account: "tester", device: "phone"))
        let state = fixture.state(size: Size(width: 80, height: 24))
        let bar = render(state, size: state.size).rowText(0)
        #expect(bar.hasPrefix(" " + AppTitle.title(of: state.catalog) + " "), "\(bar)")
        #expect(bar.hasSuffix("tester on phone · en_US · USA "), "\(bar)")
    }
}
