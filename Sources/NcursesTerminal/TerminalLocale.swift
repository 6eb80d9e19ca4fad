import CNcursesw
import Glibc

/// Puts the process in a UTF-8 character locale, which ncurses needs to draw anything but ASCII.
enum TerminalLocale {
    /// Locales tried, in order, when the environment's own is not UTF-8.
    private static let fallbacks = ["C.UTF-8", "C.utf8", "en_US.UTF-8"]

    /// Adopts the environment's locale, falling back to a UTF-8 one for character handling only.
    static func activateUTF8() throws(NcursesStartError) {
        setlocale(LC_ALL, "")
        if isUTF8() { return }
        let current = currentCharacterLocale()
        for candidate in fallbacks where setlocale(LC_CTYPE, candidate) != nil {
            if isUTF8() { return }
        }
        throw .noUTF8Locale(current: current)
    }

    private static func isUTF8() -> Bool {
        guard let codeset = storefront_locale_codeset() else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }

    private static func currentCharacterLocale() -> String {
        guard let name = setlocale(LC_CTYPE, nil) else { return "unknown" }
        return String(cString: name)
    }
}
