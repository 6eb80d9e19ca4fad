import StoreEngine
import TerminalUI

/// The header's badges: warnings worth seeing at all times, each with shorter wordings, fitted
/// into the room the balances leave.
///
/// A badge says something is not as usual, so being there matters more than its details: every
/// badge that fits in its shortest wording is shown, and wordings are shortened, least
/// important badge first, before any badge is left out.
enum HeaderBadges {
    /// One badge's wordings, longest first.
    struct Badge: Equatable {
        var wordings: [String]

        init(_ wordings: String...) {
            self.wordings = wordings
        }
    }

    /// The badges `state` calls for, most important first: the store clock, read-only,
    /// purchases off, a forced next outcome, an environment other than Sandbox, a server
    /// serving the ledger.
    static func badges(_ state: AppState) -> [Badge] {
        var badges: [Badge] = []
        if !state.snapshot.timeline.isReal {
            let date = state.text.dates.dateTime(state.storeNow, locale: state.locale)
            // Stopped for good, its rate no longer moves it: the badge says so instead.
            badges.append(Store.storeTimeNeverReaches(state.storeNow)
                ? Badge("Store time \(date) · stopped", "Store time stopped", "Store time")
                : Badge("Store time \(date) · \(state.snapshot.timeline.rate.rawValue)", "Store time \(date)", "Store time"))
        }
        if state.readOnlyReason != nil { badges.append(Badge("Read-only")) }
        if !state.snapshot.purchasesAllowed { badges.append(Badge("Purchases off")) }
        if state.snapshot.nextPurchase != .succeed {
            let outcome = state.snapshot.nextPurchase.rawValue
            badges.append(Badge("Next purchase: \(outcome)", "Next: \(outcome)"))
        }
        // Sandbox is the default and what most stores use; any other environment changes what
        // an app's verifier must be configured with, so it is always in view.
        if state.snapshot.settings.environment != .sandbox {
            let environment = state.snapshot.settings.environment.rawValue
            badges.append(Badge("Environment: \(environment)", environment))
        }
        // Last: it is news, not a warning, so it is the first to give way on a narrow screen.
        if let address = state.snapshot.serverSide.servingAddress {
            badges.append(serving(address))
        }
        return badges
    }

    /// "Serving http://127.0.0.1:8080", then "Serving :8080" (the port tells servers apart), then "Serving".
    private static func serving(_ address: String) -> Badge {
        guard !address.isEmpty else { return Badge("Serving") }
        if let colon = address.lastIndex(of: ":"), case let port = address[address.index(after: colon)...],
           !port.isEmpty, port.allSatisfy(\.isASCIIDigit) {
            return Badge("Serving \(address)", "Serving :\(port)", "Serving")
        }
        return Badge("Serving \(address)", "Serving")
    }

    /// Columns one badge takes: its wording padded by a space on each side, and a space after.
    static func columns(_ wording: String) -> Int { wording.displayWidth + 3 }

    /// Columns `wordings` take side by side.
    static func columns(_ wordings: [String]) -> Int { wordings.reduce(0) { $0 + columns($1) } }

    /// The most important badges that fit in `width` columns in their shortest wordings.
    static func kept(_ badges: [Badge], width: Int) -> [Badge] {
        var kept = badges
        while !kept.isEmpty, columns(kept.compactMap(\.wordings.last)) > width { kept.removeLast() }
        return kept
    }

    /// The wording of each badge shown beside the balances on a row of `width` columns, where
    /// the balances take `balances.whole` columns with every name in full and
    /// `balances.shortest` with names cut as far as they go.
    ///
    /// A balance's name says what the number counts, which matters more than a badge's
    /// details: badges are shortened before any name is cut, names are cut only while every
    /// badge is at its shortest, and badges are left out only when names cut as far as they go
    /// still leave too little room.
    static func fitted(_ badges: [Badge], width: Int, besideBalances balances: (whole: Int, shortest: Int)) -> [String] {
        let kept = kept(badges, width: width - balances.shortest)
        let shortest = kept.compactMap(\.wordings.last)
        guard balances.whole + columns(shortest) <= width else { return shortest }
        return fitted(kept, width: width - balances.whole)
    }

    /// The wording of each badge shown in `width` columns, in order: as many badges as fit in
    /// their shortest wordings, most important first, each shortened one step at a time, the
    /// least important first, until they fit.
    ///
    /// Room a later step leaves is not given back to a badge shortened before: a narrower
    /// window then never shows a longer wording of any badge than a wider one, where giving it
    /// back had "Next purchase: fail" grow as the window narrowed past the store time's rate.
    static func fitted(_ badges: [Badge], width: Int) -> [String] {
        let kept = kept(badges, width: width)
        var chosen = kept.map { _ in 0 }
        var wordings: [String] { zip(kept, chosen).map { $0.wordings[$1] } }
        while columns(wordings) > width,
              let shortened = chosen.indices.last(where: { chosen[$0] < kept[$0].wordings.count - 1 }) {
            chosen[shortened] += 1
        }
        return wordings
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
