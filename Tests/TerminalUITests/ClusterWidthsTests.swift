import Testing
@testable import TerminalUI

/// Emoji clusters are sent whole only where the terminal measured their kind at the buffer's width.
@Suite("Cluster kinds, measured widths and the sequence that draws a whole cluster")
struct ClusterWidthsTests {
    static let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
    static let rainbowFlag = "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}"
    static let germanFlag = "\u{1F1E9}\u{1F1EA}"
    static let darkThumb = "\u{1F44D}\u{1F3FE}"
    static let keycapOne = "1\u{FE0F}\u{20E3}"
    static let redHeart = "\u{2764}\u{FE0F}"

    /// What tmux 3.3a reported for each kind's sample (cursor column after drawing it, less one).
    static let tmux = ClusterWidths([.flag: 2, .keycap: 1, .skinTone: 4, .joinedEmoji: 2, .joinedTextSymbol: 1,
                                     .emojiPresentation: 1])

    @Test("Each cluster from the issue has its kind; single scalars and accented letters have none")
    func kinds() {
        #expect(ClusterKind.of(Self.family) == .joinedEmoji)
        #expect(ClusterKind.of(Self.rainbowFlag) == .joinedTextSymbol)
        #expect(ClusterKind.of(Self.germanFlag) == .flag)
        #expect(ClusterKind.of(Self.darkThumb) == .skinTone)
        #expect(ClusterKind.of(Self.keycapOne) == .keycap)
        #expect(ClusterKind.of(Self.redHeart) == .emojiPresentation)
        #expect(ClusterKind.of("😀") == nil)
        #expect(ClusterKind.of("e\u{301}") == nil)
        for kind in ClusterKind.allCases { #expect(ClusterKind.of(kind.sample) == kind) }
    }

    @Test("Under tmux's widths the family and the flag go whole; the others keep their safe form")
    func wholeOnlyWhereWidthsAgree() {
        #expect(Self.tmux.wholeCluster(for: Cell(Character(Self.family))) == Self.family)
        #expect(Self.tmux.wholeCluster(for: Cell(Character(Self.germanFlag))) == Self.germanFlag)
        #expect(Self.tmux.wholeCluster(for: Cell(Character(Self.darkThumb))) == nil)
        #expect(Self.tmux.wholeCluster(for: Cell(Character(Self.keycapOne))) == nil)
        #expect(Self.tmux.wholeCluster(for: Cell(Character(Self.redHeart))) == nil)
        #expect(Self.tmux.wholeCluster(for: Cell(Character(Self.rainbowFlag))) == nil)
        #expect(ClusterWidths().wholeCluster(for: Cell(Character(Self.family))) == nil, "unmeasured: safe form")
        #expect(Self.tmux.wholeCluster(for: .continuation(.plain)) == nil)
    }

    @Test("The drawing sequence saves the cursor, moves, styles, writes and restores")
    func sequence() {
        let style = Style.plain.foreground(.cyan).background(.black).bold()
        let drawn = ClusterSequence.drawing(Self.germanFlag, style: style, column: 4, row: 2)
        #expect(drawn == "\u{1B}7\u{1B}[3;5H\u{1B}[0;1;36;40m\(Self.germanFlag)\u{1B}8")
        #expect(ClusterSequence.graphicRendition(.plain) == "\u{1B}[0m")
    }
}
