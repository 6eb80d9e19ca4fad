/// A sequence of one-column frames shown in turn while something is in progress.
public struct Spinner: Hashable, Sendable {
    public let frames: [String]

    /// A spinner cycling through `frames`; an empty list shows a space.
    public init(frames: [String]) {
        self.frames = frames.isEmpty ? [" "] : frames
    }

    /// Braille dots turning: ⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏.
    public static let dots = Spinner(frames: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"])
    /// A turning line in plain ASCII: | / - \.
    public static let line = Spinner(frames: ["|", "/", "-", "\\"])

    /// The frame to show on the `tick`th redraw; any integer is valid.
    public func frame(at tick: Int) -> String {
        let count = frames.count
        return frames[((tick % count) + count) % count]
    }
}
