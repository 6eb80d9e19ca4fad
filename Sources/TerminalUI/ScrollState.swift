/// The selection in a scrolling list and the first row shown, kept so the selection stays visible.
///
/// It is a value meant to live in app state. Moves take the height of the list
/// viewport so the offset scrolls only as far as needed; `visibleRange` also
/// corrects the offset for a viewport that changed size since (after a resize),
/// so rendering is always right even before the next move.
public struct ScrollState: Hashable, Sendable {
    public private(set) var itemCount: Int
    /// The selected item; 0 when the list is empty.
    public private(set) var selection: Int
    /// The first item shown at the top of the viewport.
    public private(set) var offset: Int

    public init(itemCount: Int = 0, selection: Int = 0) {
        self.itemCount = max(0, itemCount)
        self.selection = 0
        self.offset = 0
        self.selection = clampedSelection(selection)
    }

    /// The selected item, or nil when the list is empty.
    public var selectedIndex: Int? { itemCount > 0 ? selection : nil }

    /// Changes the number of items (the list reloaded), keeping the selection in range.
    public mutating func setItemCount(_ count: Int, viewportHeight: Int) {
        itemCount = max(0, count)
        select(selection, viewportHeight: viewportHeight)
    }

    /// Selects `index` (clamped to the list) and scrolls it into view.
    public mutating func select(_ index: Int, viewportHeight: Int) {
        selection = clampedSelection(index)
        offset = Self.offset(keeping: selection, visibleFrom: offset, itemCount: itemCount, height: viewportHeight)
    }

    /// Moves the selection by `delta` items, stopping at either end.
    public mutating func move(by delta: Int, viewportHeight: Int) {
        let (sum, overflow) = selection.addingReportingOverflow(delta)
        select(overflow ? (delta > 0 ? Int.max : 0) : sum, viewportHeight: viewportHeight)
    }

    public mutating func moveUp(viewportHeight: Int) { move(by: -1, viewportHeight: viewportHeight) }
    public mutating func moveDown(viewportHeight: Int) { move(by: 1, viewportHeight: viewportHeight) }

    /// Moves the selection up by one viewport.
    public mutating func pageUp(viewportHeight: Int) {
        move(by: -max(1, viewportHeight), viewportHeight: viewportHeight)
    }

    /// Moves the selection down by one viewport.
    public mutating func pageDown(viewportHeight: Int) {
        move(by: max(1, viewportHeight), viewportHeight: viewportHeight)
    }

    public mutating func moveToFirst(viewportHeight: Int) { select(0, viewportHeight: viewportHeight) }
    public mutating func moveToLast(viewportHeight: Int) { select(itemCount - 1, viewportHeight: viewportHeight) }

    /// The items to draw in a viewport of `viewportHeight` rows, always including the selection.
    public func visibleRange(viewportHeight: Int) -> Range<Int> {
        let height = max(0, viewportHeight)
        let first = Self.offset(keeping: selection, visibleFrom: offset, itemCount: itemCount, height: height)
        return first..<min(itemCount, first + height)
    }

    private func clampedSelection(_ index: Int) -> Int {
        min(max(0, index), max(0, itemCount - 1))
    }

    /// The offset closest to `current` that shows `selection` and leaves no empty rows at the end.
    private static func offset(keeping selection: Int, visibleFrom current: Int, itemCount: Int, height: Int) -> Int {
        guard height > 0, itemCount > 0 else { return 0 }
        var offset = current
        if selection < offset { offset = selection }
        if selection >= offset + height { offset = selection - height + 1 }
        return min(max(0, offset), max(0, itemCount - height))
    }
}
