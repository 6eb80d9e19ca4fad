/// The characters a box is drawn with.
public struct BorderSet: Hashable, Sendable {
    public var topLeft: Character
    public var topRight: Character
    public var bottomLeft: Character
    public var bottomRight: Character
    public var horizontal: Character
    public var vertical: Character

    public init(
        topLeft: Character, topRight: Character,
        bottomLeft: Character, bottomRight: Character,
        horizontal: Character, vertical: Character
    ) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomLeft = bottomLeft
        self.bottomRight = bottomRight
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// Light box-drawing lines: ┌─┐ │ └─┘.
    public static let single = BorderSet(
        topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─", vertical: "│")
    /// Light lines with rounded corners: ╭─╮ │ ╰─╯.
    public static let rounded = BorderSet(
        topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "─", vertical: "│")
    /// Double lines: ╔═╗ ║ ╚═╝.
    public static let double = BorderSet(
        topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝", horizontal: "═", vertical: "║")
    /// Plain ASCII for terminals and fonts without box drawing: +-+ | +-+.
    public static let ascii = BorderSet(
        topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|")
}
