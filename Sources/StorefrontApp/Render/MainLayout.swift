import TerminalUI

/// Where the parts of the main screen go for one terminal size.
///
/// `update` uses it too, so scrolling moves by exactly the rows the list shows.
struct MainLayout {
    /// The title bar and the credits line.
    var header: Rect
    /// The read-only warning; empty when there is none.
    var banner: Rect
    var list: Rect
    var detail: Rect
    var footer: Rect
    /// Everything between the banner and the footer: the list and the details, or a full
    /// screen drawn over them that keeps the banner in sight (the transactions screen).
    var body: Rect

    /// Windows at least this wide show the list and the details side by side.
    static let sideBySideWidth = 100

    /// The most rows the banner takes: three from 24 rows up and four from 30, so a reason and
    /// what mends it (a GRANT to run, an attribute to clear on a long path) read whole at 100
    /// columns; two in smaller windows, where the list needs them. What does not fit ends in "…"
    /// and reads whole in the alert a change opens.
    static func bannerLineLimit(height: Int) -> Int { height >= 30 ? 4 : height >= 24 ? 3 : 2 }

    init(state: AppState, size: Size) {
        let bannerLines = state.bannerText.map { min(Self.bannerLineLimit(height: size.height),
                                                     $0.wrapped(toWidth: max(1, size.width - 2)).count) } ?? 0
        let bands = Rect(size).rows([.fixed(2), .fixed(bannerLines), .fill, .fixed(1)])
        header = bands[0]
        banner = bands[1]
        footer = bands[3]
        body = bands[2]
        if size.width >= Self.sideBySideWidth {
            let columns = body.columns([.weighted(3), .weighted(2)])
            list = columns[0]
            detail = columns[1]
        } else {
            let detailHeight = min(8, max(5, body.height / 3))
            let rows = body.rows([.fill, .fixed(detailHeight)])
            list = rows[0]
            detail = rows[1]
        }
    }

    /// Rows of products the list box shows.
    var listViewportHeight: Int { max(1, list.height - 2) }

    /// The area dialogs and full screens are drawn over: everything between the header and the footer.
    static func overlayArea(for size: Size) -> Rect {
        Rect(size).rows([.fixed(2), .fill, .fixed(1)])[1]
    }
}
