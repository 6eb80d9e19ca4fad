/// Whether styles are drawn with colours or with attributes only.
public enum ColorMode: Hashable, Sendable {
    case color
    case monochrome

    /// Chooses the mode from the `NO_COLOR` convention and what the terminal supports.
    ///
    /// `NO_COLOR` disables colour when it is set to any non-empty value
    /// (see no-color.org); an empty value is treated as unset.
    public static func resolve(noColorValue: String?, terminalHasColors: Bool) -> ColorMode {
        if let noColorValue, !noColorValue.isEmpty { return .monochrome }
        return terminalHasColors ? .color : .monochrome
    }
}
