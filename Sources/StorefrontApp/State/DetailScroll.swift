/// How far the detail pane is scrolled; it belongs to one product, so another selection
/// starts at the top.
public struct DetailScroll: Equatable, Sendable {
    /// The catalog index of the product the pane was scrolled on.
    public var productIndex: Int?
    /// Rows scrolled past.
    public var offset: Int

    public init(productIndex: Int? = nil, offset: Int = 0) {
        self.productIndex = productIndex
        self.offset = offset
    }

    /// The offset to show for `product`: zero when the pane was scrolled on another one.
    public func offset(for product: Int?) -> Int {
        product == productIndex ? offset : 0
    }

    /// Scrolls by `delta` rows on `product`, kept within `0...maximum`.
    public mutating func scroll(by delta: Int, on product: Int?, maximum: Int) {
        offset = min(max(0, offset(for: product) + delta), max(0, maximum))
        productIndex = product
    }
}
