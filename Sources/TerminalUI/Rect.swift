/// A rectangle of cells: the area a widget draws into.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The rectangle of `size` at the origin.
    public init(_ size: Size) {
        self.init(x: 0, y: 0, width: size.width, height: size.height)
    }

    public var description: String { "(\(x),\(y)) \(width)x\(height)" }
    public var isEmpty: Bool { width == 0 || height == 0 }
    /// The first column to the right of the rectangle.
    public var maxX: Int { x + width }
    /// The first row below the rectangle.
    public var maxY: Int { y + height }
    public var size: Size { Size(width: width, height: height) }

    public func contains(column: Int, row: Int) -> Bool {
        column >= x && column < maxX && row >= y && row < maxY
    }

    /// The rectangle shrunk by `amount` cells on every side.
    public func inset(by amount: Int) -> Rect {
        inset(horizontal: amount, vertical: amount)
    }

    /// The rectangle shrunk by `horizontal` cells left and right and `vertical` cells top and bottom.
    public func inset(horizontal: Int, vertical: Int) -> Rect {
        let horizontal = min(max(0, horizontal), width / 2)
        let vertical = min(max(0, vertical), height / 2)
        return Rect(x: x + horizontal, y: y + vertical, width: width - 2 * horizontal, height: height - 2 * vertical)
    }

    /// The part of this rectangle that also lies in `other`; empty when they do not meet.
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return Rect(x: left, y: top, width: 0, height: 0) }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The one-row rectangle `offset` rows from the top; empty when the row lies outside.
    public func row(_ offset: Int) -> Rect {
        Rect(x: x, y: y + offset, width: width, height: (0..<height).contains(offset) ? 1 : 0)
    }

    /// Horizontal bands stacked from top to bottom, sized by `sizes`.
    public func rows(_ sizes: [LayoutSize]) -> [Rect] {
        var top = y
        return LayoutSize.lengths(of: sizes, total: height).map { length in
            defer { top += length }
            return Rect(x: x, y: top, width: width, height: length)
        }
    }

    /// Vertical bands placed from left to right, sized by `sizes`.
    public func columns(_ sizes: [LayoutSize]) -> [Rect] {
        var left = x
        return LayoutSize.lengths(of: sizes, total: width).map { length in
            defer { left += length }
            return Rect(x: left, y: y, width: length, height: height)
        }
    }

    /// The top `count` rows and what is left below them.
    public func splitTop(_ count: Int) -> (top: Rect, rest: Rect) {
        let bands = rows([.fixed(count), .fill])
        return (bands[0], bands[1])
    }

    /// The bottom `count` rows and what is left above them.
    public func splitBottom(_ count: Int) -> (rest: Rect, bottom: Rect) {
        let bands = rows([.fill, .fixed(count)])
        return (bands[0], bands[1])
    }

    /// A rectangle of at most `width` x `height` centred in this one (for dialogs).
    public func centered(width: Int, height: Int) -> Rect {
        let clampedWidth = min(max(0, width), self.width)
        let clampedHeight = min(max(0, height), self.height)
        return Rect(
            x: x + (self.width - clampedWidth) / 2,
            y: y + (self.height - clampedHeight) / 2,
            width: clampedWidth,
            height: clampedHeight
        )
    }
}
