import StorefrontText
import TerminalUI

/// Draws the whole screen for `state` at `size`.
///
/// A full frame every time; the backend writes only the cells that changed. Only the rows on
/// screen are formatted, so the cost does not grow with the size of the catalog.
public func render(_ state: AppState, size: Size) -> ScreenBuffer {
    var buffer = ScreenBuffer(size: size)
    if AppState.isTooSmall(size) {
        TooSmallView.draw(size: size, into: &buffer)
        return buffer
    }
    let layout = MainLayout(state: state, size: size)
    HeaderView.draw(state, in: layout.header, into: &buffer)
    BannerView.draw(state, in: layout.banner, into: &buffer)
    ProductListView.draw(state, in: layout.list, into: &buffer)
    DetailView.draw(state, in: layout.detail, into: &buffer)
    FooterView.draw(state, in: layout.footer, into: &buffer)
    let overlayArea = MainLayout.overlayArea(for: size)
    for overlay in state.overlays {
        OverlayView.draw(overlay, state: state, in: overlayArea, into: &buffer)
    }
    if let notice = state.notice {
        // Over the transactions screen it stays above the lines about the selected transaction,
        // which say what the change it reports did (its state, its notifications), and the
        // frame's border; on the main screen it sits on the panes' bottom border, clear of
        // the details above it.
        let overTransactions: Bool = if case .transactions = state.overlays.last { true } else { false }
        NoticeView.draw(state.advising(notice), in: overlayArea, keepingRows: overTransactions ? 1 + TransactionsView.detailHeight : 0,
                        into: &buffer)
    }
    if let activity = state.activity {
        if case .buySheet = state.overlays.last {} else {
            ActivityView.draw(activity, state: state, in: overlayArea, into: &buffer)
        }
    }
    return buffer
}

/// Draws one overlay with the view that belongs to it.
enum OverlayView {
    static func draw(_ overlay: Overlay, state: AppState, in area: Rect, into buffer: inout ScreenBuffer) {
        switch overlay {
        case let .buySheet(productID, offerID):
            BuySheetView.draw(productID: productID, offerID: offerID, state: state, in: area, into: &buffer)
        case .alert(let alert): AlertView.draw(state.advising(alert), in: area, into: &buffer)
        case .spend(let screen): SpendView.draw(screen, state: state, in: area, into: &buffer)
        case .picker(let picker): PickerView.draw(picker, state: state, in: area, into: &buffer)
        case .transactions(let screen): TransactionsView.draw(screen, state: state, into: &buffer)
        case .refundConfirmation(let id): RefundConfirmationView.draw(transactionID: id, state: state, in: area, into: &buffer)
        case .cancelRenewalConfirmation(let id):
            CancelRenewalConfirmationView.draw(transactionID: id, state: state, in: area, into: &buffer)
        case .renewNowConfirmation(let id):
            SubscriptionQuestionView.drawRenewNow(transactionID: id, state: state, in: area, into: &buffer)
        case .expireConfirmation(let id):
            SubscriptionQuestionView.drawExpire(transactionID: id, state: state, in: area, into: &buffer)
        case .settings(let screen): SettingsView.draw(screen, state: state, in: area, into: &buffer)
        case .help(let screen): HelpView.draw(screen, in: area, into: &buffer)
        }
    }
}

/// The message shown instead of the screens when the window is too small for them.
enum TooSmallView {
    static func draw(size: Size, into buffer: inout ScreenBuffer) {
        let minimum = AppState.minimumSize
        let area = Rect(size)
        let (needed, now) = StorefrontPaneText.windowTooSmall(minimum: (minimum.width, minimum.height), now: (size.width, size.height))
        // Wrapped rather than cut: in a narrow window the size needed, at the end, is what matters.
        let lines = needed.wrapped(toWidth: max(1, size.width)).map { ($0, Theme.emphasis) }
            + now.wrapped(toWidth: max(1, size.width)).map { ($0, Theme.muted) }
        let top = max(0, (size.height - lines.count) / 2)
        for (index, (line, style)) in lines.enumerated() where top + index < size.height {
            buffer.write(line, in: row(top + index, of: area), alignment: .center, style: style)
        }
    }

    /// Row `index` of `area`, but for the bottom-right cell: curses cannot write that cell
    /// without scrolling the screen, and the tricks it uses instead drew stray characters in a
    /// window of one row (at 1x1 the message is then not drawn at all).
    private static func row(_ index: Int, of area: Rect) -> Rect {
        let row = area.row(index)
        guard index == area.height - 1 else { return row }
        return Rect(x: row.x, y: row.y, width: max(0, row.width - 1), height: row.height)
    }
}

/// A small box with a spinner while a store operation runs.
enum ActivityView {
    static func draw(_ activity: Activity, state: AppState, in area: Rect, into buffer: inout ScreenBuffer) {
        let label = spinnerLine(activity, state: state)
        let waiting = lockWaitLines(state, width: area.width - 6)
        let widest = max(label.displayWidth, waiting.map(\.displayWidth).max() ?? 0)
        let frame = Dialog.frame(width: widest + 6, height: 3 + waiting.count, in: area)
        let inside = Dialog.draw(frame, title: "", into: &buffer)
        buffer.write(label, in: inside.row(0), alignment: .center, style: Theme.emphasis)
        for (offset, line) in waiting.enumerated() where offset + 1 < inside.height {
            buffer.write(line, in: inside.row(offset + 1), alignment: .center, style: Theme.muted)
        }
    }

    /// Who the operation has waited for, over a second, wrapped to `width`; none otherwise.
    static func lockWaitLines(_ state: AppState, width: Int) -> [String] {
        guard state.activity != nil, let holder = state.lockWait else { return [] }
        let said = holder.isDatabase ? StorefrontScreenText.waitingForStoreLock(sessions: holder.sessions)
            : StorefrontScreenText.waitingForWriterLock(processID: holder.processID, command: holder.command)
        return said.wrapped(toWidth: max(1, width))
    }

    /// The spinner and what it waits for; once quit, that the storefront closes after it, and
    /// after Esc or `q` at the sheet whose change it is, whether that can still stop it (only a
    /// change still waiting for the entitlements file's lock can be dropped) or came too late.
    static func spinnerLine(_ activity: Activity, state: AppState) -> String {
        var line = "\(Spinner.dots.frame(at: state.tick)) \(activity.label)"
        let recordsCancel = if case .cancellingPurchase = activity { true } else { false }
        if state.isQuitting {
            line += " " + StorefrontScreenText.quittingOnceItEnds
        } else if state.cancelWaitsAtItsSheet {
            // The store is asked only once the change is said to wait for the lock: until it
            // answers that the change had begun, the key may still stop it.
            line += " " + (state.dropRefused ? StorefrontScreenText.tooLateToCancel : StorefrontScreenText.cancellingIfNotBegun)
        } else if state.overlays.last?.isConfirmation == true, !recordsCancel,
                  state.waitingKeys.contains(where: { $0.key == .escape || $0.key == .character("q") }) {
            // A cancel being recorded is what Esc asked for: there is nothing left to cancel.
            line += " " + StorefrontScreenText.tooLateToCancel
        }
        return line
    }
}
