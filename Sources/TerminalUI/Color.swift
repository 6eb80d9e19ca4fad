/// A terminal colour from the eight-colour palette every colour terminal supports.
///
/// `default` means "whatever the terminal uses", so a screen drawn with default
/// colours looks native on both light and dark themes.
public enum Color: Hashable, Sendable, CaseIterable {
    case `default`
    case black
    case red
    case green
    case yellow
    case blue
    case magenta
    case cyan
    case white
}
