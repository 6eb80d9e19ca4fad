import Foundation
import StoreEngine
import StorefrontApp
import TerminalUI
import StoreCatalog
import StorefrontTesting

/// TUI render: full frames of the largest catalog, and a scroll session from key to diffed
/// frame, as the run loop does it: `update`, `render`, then the diff the backend writes.
enum RenderBenchmark {
    static let section = "TUI render"

    static func run(_ context: BenchContext) throws -> [Figure] {
        var figures: [Figure] = []
        guard let largest = context.scale.catalogSizes.max(), let smallest = context.scale.catalogSizes.min() else { return [] }
        let large = try state(products: largest, size: Size(width: 80, height: 24), context: context)
        for size in [Size(width: 80, height: 24), Size(width: 240, height: 70)] {
            context.progress("render: full frame of \(NumberText.grouped(largest)) products at \(size.width)x\(size.height)")
            var sized = large
            _ = update(&sized, .keyPressed(.resize(width: size.width, height: size.height)))
            let samples = Stopwatch.sample(runs: context.scale.frameRuns) { _ = render(sized, size: size) }
            figures.append(Figure(
                id: "render.frame.\(largest).\(size.width)x\(size.height)", section: section,
                label: "full frame, \(NumberText.grouped(largest)) products, \(size.width)x\(size.height)",
                unit: "ms", samples: samples.scaled(by: 1_000)))
        }
        for products in [smallest, largest] {
            context.progress("render: \(NumberText.grouped(context.scale.scrollKeys))-key scroll session, \(NumberText.grouped(products)) products")
            let initial = products == largest ? large : try state(products: products, size: Size(width: 80, height: 24), context: context)
            let session = scrollSession(from: initial, keys: context.scale.scrollKeys)
            let countText = NumberText.grouped(products)
            figures.append(Figure(
                id: "render.key.\(products)", section: section,
                label: "key to diffed frame, \(countText) products, 80x24", unit: "ms",
                samples: session.latencies.scaled(by: 1_000),
                target: products == 10_000 ? .atMost(2, "ms") : nil))
            figures.append(Figure(
                id: "render.cells.\(products)", section: section, label: "cells written per key, \(countText) products",
                unit: "cells", samples: session.cellsWritten))
        }
        return figures
    }

    /// What a scroll session measured, per key.
    struct Session {
        var latencies: Samples
        var cellsWritten: Samples
    }

    /// Presses `keys` keys (mostly down, some page down and up) and times each from the key
    /// to the diff against the previous frame.
    static func scrollSession(from initial: AppState, keys: Int) -> Session {
        var state = initial
        var previous = render(state, size: state.size)
        var latencies: [Double] = []
        var cells: [Double] = []
        latencies.reserveCapacity(keys)
        for index in 0..<keys {
            let key: Key = index % 50 == 49 ? .pageDown : index % 7 == 6 ? .up : .down
            let (seconds, diff) = Stopwatch.time { () -> BufferDiff in
                _ = update(&state, .keyPressed(key))
                let frame = render(state, size: state.size)
                let diff = BufferDiff.between(previous, frame)
                previous = frame
                return diff
            }
            latencies.append(seconds)
            cells.append(Double(diff.writtenCellCount))
        }
        return Session(latencies: Samples(latencies), cellsWritten: Samples(cells))
    }

    /// The app state for a generated catalog of `products`, with a snapshot of an empty ledger.
    private static func state(products: Int, size: Size, context: BenchContext) throws -> AppState {
        let catalog = try CatalogLoader.load(path: context.data.catalogPath(products: products))
        let store = try Store(catalog: catalog, log: InMemoryEventLog().connection())
        let buyer = Buyer(account: "tester", device: "phone")
        return AppState(catalog: catalog, buyer: buyer, locale: "en_US", storefront: "USA",
                        snapshot: StoreSnapshot(store: store, buyer: buyer, storefront: "USA"), size: size, now: Date())
    }
}
