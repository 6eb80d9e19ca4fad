import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp

/// Moving through the main list: every navigation key, sections skipped, the selection always on screen.
@Suite("Update: moving through the list")
struct NavigationUpdateTests {
    typealias F = StorefrontFixture

    /// The Rage catalog in list order (section headings not included).
    static let order = [F.facePack, F.lives, F.drummer, F.nightly, F.noAds, F.monthly,
                        "com.example.rage.pro.yearly", "com.example.rage.newsletter", F.season]

    @Test("The app opens on the first product with its section heading in view, and nothing on top")
    func opening() throws {
        let state = try F().state()
        #expect(state.selectedID == F.facePack)
        #expect(state.list.scroll.offset == 0)
        #expect(state.overlays.isEmpty)
        #expect(!state.isSearching)
        #expect(state.activity == nil)
        #expect(state.list.entries.first == .section(.consumables))
        #expect(state.list.productCount == Self.order.count)
    }

    @Test("Down and j walk every product in order, skipping section headings; Up and k walk back", arguments: [
        (Key.down, Key.up), (Key.character("j"), Key.character("k")),
    ])
    func stepping(forward: Key, backward: Key) throws {
        var state = try F().state()
        var seen = [state.selectedID]
        for _ in 1..<Self.order.count {
            #expect(state.send(forward).isEmpty)
            seen.append(state.selectedID)
        }
        #expect(seen == Self.order.map(Optional.some))
        state.send(forward)
        #expect(state.selectedID == F.season, "moving past the last product stays on it")
        var back = [state.selectedID]
        for _ in 1..<Self.order.count {
            state.send(backward)
            back.append(state.selectedID)
        }
        #expect(back == Self.order.reversed().map(Optional.some))
        #expect(state.list.scroll.offset == 0, "moving up to the first product brings its heading back into view")
    }

    @Test("End and G select the last product, Home and g the first", arguments: [
        (Key.end, Key.home), (Key.character("G"), Key.character("g")),
    ])
    func ends(last: Key, first: Key) throws {
        var state = try F().state(size: Size(width: 60, height: 16))
        #expect(state.send(last).isEmpty)
        #expect(state.selectedID == F.season)
        state.send(first)
        #expect(state.selectedID == F.facePack)
        #expect(state.list.scroll.offset == 0)
    }

    @Test("PgDn and PgUp move by the rows the list shows (6 at 60x16)")
    func paging() throws {
        var state = try F().state(size: Size(width: 60, height: 16))
        #expect(state.listViewportHeight == 6)
        state.send(.pageDown)
        // Entry 1 (face pack) + 6 = entry 7, the Subscriptions heading: the next product down is entry 8.
        #expect(state.selectedID == F.monthly)
        state.send(.pageDown)
        #expect(state.selectedID == F.season)
        state.send(.pageUp)
        // Entry 12 - 6 = entry 6, Remove Ads.
        #expect(state.selectedID == F.noAds)
        state.send(.pageUp)
        #expect(state.selectedID == F.facePack)
    }

    @Test("At every size the selected row is inside the visible range after every key",
          arguments: [Size(width: 60, height: 16), Size(width: 80, height: 24), Size(width: 120, height: 40)])
    func selectionStaysVisible(size: Size) throws {
        var state = try F().state(size: size)
        let keys: [Key] = [.down, .down, .down, .pageDown, .down, .end, .up, .up, .pageUp, .character("k"),
                           .home, .character("G"), .character("k"), .pageUp, .pageUp, .character("j")]
        for key in keys {
            state.send(key)
            let visible = state.list.scroll.visibleRange(viewportHeight: state.listViewportHeight)
            #expect(visible.contains(state.list.scroll.selection), "after \(key): \(state.list.scroll.selection) not in \(visible)")
            #expect(state.selectedProduct != nil, "after \(key) a heading is selected")
        }
    }

    @Test("Keys that mean nothing on the main screen change nothing")
    func unknownKeys() throws {
        let initial = try F().state()
        for key: Key in [.character("x"), .tab, .function(5), .unknown, .left, .right, .escape, .backspace] {
            var state = initial
            #expect(state.send(key).isEmpty)
            #expect(state == initial, "\(key) changed the state")
        }
    }
}
