/// How a cell is drawn: colours plus text attributes.
///
/// Styles are built fluently from `Style.plain`:
/// `Style.plain.foreground(.green).bold()`.
public struct Style: Hashable, Sendable {
    public var foreground: Color
    public var background: Color
    public var isBold: Bool
    public var isDim: Bool
    public var isReversed: Bool
    public var isUnderlined: Bool

    public init(
        foreground: Color = .default,
        background: Color = .default,
        bold: Bool = false,
        dim: Bool = false,
        reversed: Bool = false,
        underlined: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.isBold = bold
        self.isDim = dim
        self.isReversed = reversed
        self.isUnderlined = underlined
    }

    /// The terminal's default colours and no attributes.
    public static let plain = Style()

    public func foreground(_ color: Color) -> Style {
        var copy = self
        copy.foreground = color
        return copy
    }

    public func background(_ color: Color) -> Style {
        var copy = self
        copy.background = color
        return copy
    }

    public func bold() -> Style {
        var copy = self
        copy.isBold = true
        return copy
    }

    public func dim() -> Style {
        var copy = self
        copy.isDim = true
        return copy
    }

    public func reversed() -> Style {
        var copy = self
        copy.isReversed = true
        return copy
    }

    public func underlined() -> Style {
        var copy = self
        copy.isUnderlined = true
        return copy
    }

    /// The style as it should appear in the given colour mode.
    ///
    /// In monochrome the colours are dropped; a cell that relied on a background
    /// colour to stand out (a selection bar, a badge) is drawn reversed instead so
    /// it still stands out.
    public func resolved(for mode: ColorMode) -> Style {
        guard mode == .monochrome else { return self }
        var copy = self
        if background != .default { copy.isReversed = true }
        copy.foreground = .default
        copy.background = .default
        return copy
    }
}
