import Foundation
import StoreJSON
import TextControls

/// Account and device names as the store keeps them: one spelling per name.
///
/// A name typed on one terminal may arrive decomposed (NFD, "e" + U+0301) and on another
/// composed (NFC, "é"); both are the same account, so names are stored in NFC. Names are
/// printed on terminals and written into the ledger, so control characters (which could split
/// a listing's lines or drive the terminal) and bidi controls (which reorder the line) are
/// refused rather than quietly changed: quietly changing them would fold different names
/// into one account.
public enum BuyerName {
    /// The most characters a name may have, as long as a message shows an echoed value whole.
    public static let maximumCharacters = 80
    /// The most UTF-8 bytes a name may have: a character may be made of many code points.
    public static let maximumBytes = 320

    /// `text` in NFC, or a refusal saying what is wrong with it. `role` names the name in the
    /// message, e.g. "account" or "device".
    public static func normalized(_ text: String, role: String) throws(BuyerNameError) -> String {
        guard !text.isEmpty else { throw BuyerNameError(role: role, name: text, problem: .empty) }
        // Every event carries its buyer's names, and a ledger line has a limit: a name pasted
        // by mistake is refused as a name, not later as a line the ledger cannot take. Measured
        // as stored (NFC), so both spellings of one name are the same length.
        let stored = text.precomposedStringWithCanonicalMapping
        if stored.count > maximumCharacters || stored.utf8.count > maximumBytes {
            throw BuyerNameError(role: role, name: text, problem: .tooLong(characters: stored.count, bytes: stored.utf8.count))
        }
        if let scalar = text.unicodeScalars.first(where: isRefused) {
            throw BuyerNameError(role: role, name: text, problem: .forbiddenCharacter(scalar))
        }
        if let scalar = text.first(where: hasInvisibleMark)?.unicodeScalars.first(where: isInvisible) {
            throw BuyerNameError(role: role, name: text, problem: .forbiddenCharacter(scalar))
        }
        // " tester" and "tester" look alike in every listing; trimming quietly would make the
        // command line and the storefront disagree on which account a name means.
        if text.allSatisfy(\.isWhitespace) { throw BuyerNameError(role: role, name: text, problem: .blank) }
        if text.first?.isWhitespace == true || text.last?.isWhitespace == true {
            throw BuyerNameError(role: role, name: text, problem: .surroundingWhitespace)
        }
        return text.precomposedStringWithCanonicalMapping
    }

    /// `text` with every character refused in a name (a control, line break or bidi control)
    /// and every invisible mark written as `<U+XXXX>`: a message quoting what was given shows
    /// where such a character is instead of hiding it, or letting it act on the terminal.
    public static func visible(_ text: String) -> String {
        text.unicodeScalars.map { isRefused($0) || isInvisible($0) ? "<U+\($0.hexDigits)>" : String($0) }.joined()
    }

    /// Whether `character` holds a mark that draws nothing and is not part of an emoji (see
    /// `isInvisible`): `tester` followed by a zero-width space reads as `tester` in every
    /// listing, so such a name would be a second account that looks like the first.
    public static func hasInvisibleMark(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        // The joiner and the variation selectors build emoji (👩‍💻, ❤️); beside letters they show nothing.
        // (A keycap, 1️⃣, is an ASCII digit made emoji by its enclosing mark.)
        let isEmoji = scalars.contains { ($0.properties.isEmoji && $0.value > 0x7F) || $0.value == 0x20E3 }
        return scalars.contains { isInvisible($0) && !(isEmoji && isEmojiBuilder($0)) }
    }

    /// Unicode's default-ignorable code points, which draw nothing: zero-width spaces and
    /// joiners, the word joiner, the byte-order mark, soft hyphens, variation selectors, the
    /// Hangul fillers and the like.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isDefaultIgnorableCodePoint
    }

    /// What joins and styles emoji: the zero-width joiner, variation selectors, tag characters.
    private static func isEmojiBuilder(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200D, 0xFE00...0xFE0F, 0xE0020...0xE007F, 0xE0100...0xE01EF: true
        default: false
        }
    }

    /// Controls (C0, DEL, C1), line and paragraph separators, and bidi embeddings, overrides
    /// and isolates: refused anywhere in a name (the storefront's name field leaves them out).
    public static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        UnicodeControls.isUndrawn(scalar)
    }
}

/// An account or device name the store does not accept.
public struct BuyerNameError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Problem: Sendable, Equatable {
        case empty
        /// Only spaces (or other white space).
        case blank
        /// White space at the start or the end.
        case surroundingWhitespace
        case forbiddenCharacter(Unicode.Scalar)
        /// Longer than `BuyerName.maximumCharacters` or `maximumBytes`.
        case tooLong(characters: Int, bytes: Int)
    }

    public var role: String
    public var name: String
    public var problem: Problem

    /// A name of the kind `role` names, for the advice: an account's or a device's.
    private var example: String { role.contains("device") ? "tablet" : "tester" }

    public var description: String {
        switch problem {
        case .empty:
            "the \(role) name is empty; give a name such as \"\(example)\""
        case .blank:
            "the \(role) name \"\(name)\" is only white space; give a name such as \"\(example)\""
        case .surroundingWhitespace:
            "the \(role) name \"\(name)\" starts or ends with white space; give it without the spaces around it"
        case let .tooLong(characters, bytes):
            "the \(role) name is \(characters) character\(characters == 1 ? "" : "s") long (\(bytes) bytes in UTF-8); a name may have at most "
                + "\(BuyerName.maximumCharacters) characters and \(BuyerName.maximumBytes) bytes: choose a shorter name"
        case let .forbiddenCharacter(scalar):
            "the \(role) name \(Self.visible(name)) contains the character \(Self.codePoint(scalar)), "
                + (BuyerName.isRefused(scalar) ? "a control character, line break or bidi control" : "which draws nothing")
                + "; names may not contain control characters, line breaks, bidi controls or invisible marks (outside "
                + "emoji): choose a name without them"
        }
    }

    /// The name with every refused character written as `<U+XXXX>`, so the message shows
    /// where it is without acting on the terminal.
    private static func visible(_ name: String) -> String { "\"" + BuyerName.visible(name) + "\"" }

    private static func codePoint(_ scalar: Unicode.Scalar) -> String { "U+" + scalar.hexDigits }
}
