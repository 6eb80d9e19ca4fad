import TerminalUI

extension ScreenBuffer {
    /// The frame as snapshot text: one line per row, each wrapped in double quotes
    /// so trailing spaces stay visible, then the style layer; see `SnapshotText`.
    public func snapshotText() -> String {
        SnapshotText.format(rowTexts, styles: SnapshotStyles(self))
    }
}
