import StorefrontText
import TerminalUI

/// The title bar (app, account, device, locale, storefront) and the line of credit balances.
enum HeaderView {
    static func draw(_ state: AppState, in area: Rect, into buffer: inout ScreenBuffer) {
        let titleRow = area.row(0)
        buffer.fill(titleRow, style: Theme.titleBar)
        let title = " \(AppTitle.title(of: state.catalog))"
        // Long account and device names are cut before the app's name leaves the bar.
        let location = Self.location(state, width: max(0, titleRow.width - min(title.displayWidth, minimumTitleWidth) - 1))
        let whereWidth = buffer.write(location, in: titleRow, alignment: .right, style: Theme.titleBar)
        buffer.write(title, in: Rect(x: titleRow.x, y: titleRow.y, width: max(0, titleRow.width - whereWidth - 1), height: 1),
                     style: Theme.titleBar)

        // Badges are worded shorter before names are cut, and names are cut before any badge
        // is left out; numbers are never cut.
        let creditsRow = area.row(1)
        let balances = state.catalog.credits.map { (name: state.text.creditName($0.id), amount: state.snapshot.balancesKnown
            ? StorefrontPaneText.balance(state.snapshot.balance(of: $0.id), undelivered: state.snapshot.entitlements.undeliveredCredit($0.id),
                                       text: state.text) : "?") }
        // The shortest balances still name something: each name keeps its first letter.
        let balanceWidths = (whole: CreditLine.width(balances, nameWidth: .max),
                             shortest: CreditLine.width(balances, nameWidth: CreditLine.shortestNameWidth))
        let labels = HeaderBadges.fitted(HeaderBadges.badges(state), width: max(0, creditsRow.width - 2),
                                         besideBalances: balanceWidths)
        let badgeWidth = labels.isEmpty ? 0 : buffer.write(badges(labels), in: creditsRow, alignment: .right)
        let room = max(0, creditsRow.width - badgeWidth - 2)
        buffer.write([" "] + CreditLine.spans(balances, width: room),
                     in: Rect(x: creditsRow.x, y: creditsRow.y, width: room + 1, height: 1))
    }

    /// Columns of the app's name (with its leading space) that names never take.
    static let minimumTitleWidth = 16

    /// "tester on phone · en_US · USA ", the account and device names cut with "…" (the longer
    /// one first) where the whole does not fit in `width`; the locale and storefront are kept.
    static func location(_ state: AppState, width: Int) -> String {
        let tail = " · \(state.locale) · \(state.storefront) "
        var account = state.buyer.account
        var device = state.buyer.device
        let room = width - tail.displayWidth - " on ".displayWidth
        while account.displayWidth + device.displayWidth > max(2, room) {
            if account.displayWidth >= device.displayWidth {
                account = account.truncated(toWidth: account.displayWidth - 1)
            } else {
                device = device.truncated(toWidth: device.displayWidth - 1)
            }
            if account.displayWidth <= 1, device.displayWidth <= 1 { break }
        }
        return "\(account) on \(device)\(tail)"
    }

    private static func badges(_ labels: [String]) -> [Span] {
        var spans: [Span] = []
        for label in labels {
            spans.append(Span(" \(label) ", style: Theme.badge))
            spans.append(" ")
        }
        return spans
    }
}

/// The line of credit balances, fitted to a width by shortening names, never numbers, and
/// never so far that two names read the same.
enum CreditLine {
    typealias Balance = (name: String, amount: String)

    /// Columns the line takes when every name is cut to `nameWidth` columns (see `cut`).
    static func width(_ balances: [Balance], nameWidth: Int) -> Int {
        balances.reduce(0) { $0 + cut($1.name, toWidth: nameWidth).displayWidth + 2 + $1.amount.displayWidth }
            + max(0, balances.count - 1) * 3
    }

    /// The narrowest a name is cut to: its first letter and "…".
    static let shortestNameWidth = 2

    /// `name` cut with "…" to `nameWidth` columns, but never past its first letter: a letter two
    /// columns wide (レ) is kept with its "…" in three, where cutting it to fit would leave "…" alone.
    static func cut(_ name: String, toWidth nameWidth: Int) -> String {
        let cut = name.truncated(toWidth: max(nameWidth, shortestNameWidth))
        guard cut == "…", name != cut, let first = name.first else { return cut }
        return name.count == 1 ? name : String(first) + "…"
    }

    /// "Rage Faces: 50 · Extra Lives: 3", with names cut ("Rage F…: 50") only as far as `width` needs.
    ///
    /// Names cut so far that they read the same lose the prefix they share instead ("…Alpha: 0
    /// · …Beta: 12"); when even that does not fit, the last balances give way to "+N more".
    static func spans(_ balances: [Balance], width: Int) -> [Span] {
        for shown in stride(from: balances.count, through: 1, by: -1) {
            let hidden = balances.count - shown
            let more = hidden > 0 ? " · +\(hidden) more" : ""
            let kept = Array(balances.prefix(shown))
            for names in [kept.map(\.name), withoutSharedPrefix(kept.map(\.name))].compactMap({ $0 }) {
                let candidate = zip(names, kept).map { (name: $0, amount: $1.amount) }
                guard let cut = distinctNames(candidate, width: width - more.displayWidth) else { continue }
                return line(zip(cut, kept).map { (name: $0, amount: $1.amount) }, more: hidden)
            }
        }
        // Not even one balance fits whole: the last resort cuts the first name to its first letter.
        return line(balances.prefix(1).map { (name: cut($0.name, toWidth: shortestNameWidth), amount: $0.amount) },
                    more: balances.count - 1)
    }

    /// The names cut as little as `width` needs, or nil when they do not fit or two read the same.
    private static func distinctNames(_ balances: [Balance], width: Int) -> [String]? {
        var nameWidth = balances.map(\.name.displayWidth).max() ?? 0
        while nameWidth > shortestNameWidth, self.width(balances, nameWidth: nameWidth) > width { nameWidth -= 1 }
        guard self.width(balances, nameWidth: nameWidth) <= width else { return nil }
        let names = balances.map { cut($0.name, toWidth: nameWidth) }
        return Set(names).count == names.count ? names : nil
    }

    /// The names with the start they all share replaced by "…", or nil when they share too
    /// little (or one name is all prefix) for that to help.
    private static func withoutSharedPrefix(_ names: [String]) -> [String]? {
        guard names.count > 1, var shared = names.first.map(Array.init) else { return nil }
        for name in names.dropFirst() {
            shared = Array(zip(shared, name).prefix { $0 == $1 }.map(\.0))
        }
        guard shared.count >= 2, names.allSatisfy({ $0.count > shared.count }) else { return nil }
        return names.map { "…" + $0.dropFirst(shared.count) }
    }

    private static func line(_ balances: [Balance], more hidden: Int) -> [Span] {
        var spans: [Span] = []
        for (index, balance) in balances.enumerated() {
            if index > 0 { spans.append(Span(" · ", style: Theme.muted)) }
            // A colon keeps a name that ends in a number ("500 coins") apart from the balance.
            spans.append(Span("\(balance.name): "))
            spans.append(Span(balance.amount, style: Theme.credit))
        }
        if hidden > 0 { spans += [Span(" · ", style: Theme.muted), Span("+\(hidden) more", style: Theme.muted)] }
        return spans
    }
}

/// The warning under the header: read-only when the ledger cannot be trusted or opened, or
/// due renewals waiting behind another session's lock.
enum BannerView {
    static func draw(_ state: AppState, in area: Rect, into buffer: inout ScreenBuffer) {
        guard !area.isEmpty, let reason = state.bannerText else { return }
        buffer.fill(area, style: Theme.banner)
        let lines = reason.wrapped(toWidth: max(1, area.width - 2))
        for row in 0..<area.height where row < lines.count {
            var line = lines[row]
            if row == area.height - 1, lines.count > area.height { line += " " + lines[(row + 1)...].joined(separator: " ") }
            buffer.write(line, in: area.row(row).inset(horizontal: 1, vertical: 0), style: Theme.banner)
        }
    }
}
