import TextControls

/// Makes untrusted text safe to hand to a terminal.
///
/// Catalog titles, descriptions and formatted prices are data: if an escape
/// sequence in them reached the terminal it could clear the screen, move the
/// cursor, retitle the window or write to the clipboard (OSC 52). `sanitize`
/// removes everything that a terminal would interpret instead of print.
public enum TerminalText {
    /// `text` with control characters, escape sequences and bidi embedding
    /// controls removed, and line breaks and tabs turned into single spaces.
    ///
    /// - Escape sequences (ESC followed by CSI, OSC, DCS, SOS, PM or APC, and
    ///   two-character escapes) are removed whole, as are their 8-bit C1 forms.
    ///   A string sequence (OSC and friends) with no terminator swallows the rest
    ///   of the text, exactly as a terminal would have.
    /// - Other C0 and C1 controls and DEL are removed; tab, line feed, vertical
    ///   tab, form feed, carriage return and the Unicode line and paragraph
    ///   separators become a space.
    /// - Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069)
    ///   are removed because they reorder what follows them on screen.
    /// - The bidi marks U+200E, U+200F and U+061C that ICU puts into formatted
    ///   prices are kept; they have no width and `ScreenBuffer` never gives them a
    ///   column.
    ///
    /// Runs in time linear in the length of `text`.
    public static func sanitize(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        let scalars = text.unicodeScalars
        var output = String.UnicodeScalarView()
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            scalars.formIndex(after: &index)
            switch ScalarClass(scalar) {
            case .printable:
                output.append(scalar)
            case .whitespace:
                output.append(" ")
            case .removed:
                break
            case .escape:
                index = endOfEscapeSequence(in: scalars, from: index)
            case .controlSequenceIntroducer:
                index = endOfControlSequence(in: scalars, from: index)
            case .controlStringIntroducer:
                index = endOfControlString(in: scalars, from: index)
            }
        }
        return String(output)
    }

    /// A part of text as `pieces(of:)` splits it: a run of text, or one escape sequence whole.
    public enum Piece: Equatable, Sendable {
        case text(String)
        case escapeSequence(String)
    }

    /// `text` split into runs of text and the escape sequences `sanitize` would remove, so that
    /// a field taking pasted text can leave a sequence out whole: leaving out only its ESC kept
    /// its printable tail (`[31m`) in the text.
    public static func pieces(of text: String) -> [Piece] {
        let scalars = text.unicodeScalars
        var pieces: [Piece] = []
        var run = String.UnicodeScalarView()
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let start = index
            let scalar = scalars[index]
            scalars.formIndex(after: &index)
            let end: String.UnicodeScalarView.Index? = switch ScalarClass(scalar) {
            case .escape: endOfEscapeSequence(in: scalars, from: index)
            case .controlSequenceIntroducer: endOfControlSequence(in: scalars, from: index)
            case .controlStringIntroducer: endOfControlString(in: scalars, from: index)
            case .printable, .whitespace, .removed: nil
            }
            guard let end else {
                run.append(scalar)
                continue
            }
            if !run.isEmpty { pieces.append(.text(String(run))) }
            run = String.UnicodeScalarView()
            pieces.append(.escapeSequence(String(scalars[start..<end])))
            index = end
        }
        if !run.isEmpty { pieces.append(.text(String(run))) }
        return pieces
    }

    /// Whether `text` would come out of `sanitize` unchanged.
    public static func isSafe(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { ScalarClass($0) == .printable }
    }

    private enum ScalarClass: Equatable {
        case printable
        case whitespace
        case removed
        case escape
        case controlSequenceIntroducer
        case controlStringIntroducer

        init(_ scalar: Unicode.Scalar) {
            switch scalar.value {
            case 0x1B: self = .escape
            case 0x09...0x0D, 0x2028, 0x2029: self = .whitespace
            case 0x00..<0x20, 0x7F: self = .removed
            case 0x9B: self = .controlSequenceIntroducer
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F: self = .controlStringIntroducer
            case 0x80...0x9F: self = .removed
            default: self = UnicodeControls.isBidiControl(scalar) ? .removed : .printable
            }
        }
    }

    /// Where the text resumes after an ESC whose following scalar is at `index`.
    private static func endOfEscapeSequence(
        in scalars: String.UnicodeScalarView, from index: String.UnicodeScalarView.Index
    ) -> String.UnicodeScalarView.Index {
        guard index < scalars.endIndex else { return index }
        let next = scalars.index(after: index)
        switch scalars[index].value {
        case 0x5B: // "[" starts a control sequence
            return endOfControlSequence(in: scalars, from: next)
        case 0x5D, 0x50, 0x58, 0x5E, 0x5F: // "]" OSC, "P" DCS, "X" SOS, "^" PM, "_" APC
            return endOfControlString(in: scalars, from: next)
        case 0x20...0x2F: // intermediates, then one final character
            var position = next
            while position < scalars.endIndex, (0x20...0x2F).contains(scalars[position].value) {
                scalars.formIndex(after: &position)
            }
            if position < scalars.endIndex, (0x30...0x7E).contains(scalars[position].value) {
                scalars.formIndex(after: &position)
            }
            return position
        case 0x30...0x7E:
            return next
        default:
            // Not a sequence: drop the lone ESC and treat what follows as text.
            return index
        }
    }

    /// Where the text resumes after a control sequence whose parameters start at `index`.
    ///
    /// A malformed sequence ends at the first scalar that cannot belong to it;
    /// that scalar is then sanitized like any other.
    private static func endOfControlSequence(
        in scalars: String.UnicodeScalarView, from index: String.UnicodeScalarView.Index
    ) -> String.UnicodeScalarView.Index {
        var position = index
        while position < scalars.endIndex, (0x20...0x3F).contains(scalars[position].value) {
            scalars.formIndex(after: &position)
        }
        if position < scalars.endIndex, (0x40...0x7E).contains(scalars[position].value) {
            scalars.formIndex(after: &position)
        }
        return position
    }

    /// Where the text resumes after a control string (OSC, DCS, ...) whose body starts at `index`.
    ///
    /// The string ends with BEL, ESC "\" or the C1 string terminator; CAN and SUB
    /// cancel it; any other ESC starts a new sequence.
    private static func endOfControlString(
        in scalars: String.UnicodeScalarView, from index: String.UnicodeScalarView.Index
    ) -> String.UnicodeScalarView.Index {
        var position = index
        while position < scalars.endIndex {
            let value = scalars[position].value
            let next = scalars.index(after: position)
            switch value {
            case 0x07, 0x9C, 0x18, 0x1A:
                return next
            case 0x1B:
                if next < scalars.endIndex, scalars[next] == "\\" {
                    return scalars.index(after: next)
                }
                return position
            default:
                position = next
            }
        }
        return position
    }
}
