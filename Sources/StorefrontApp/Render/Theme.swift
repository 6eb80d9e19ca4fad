import StoreEngine
import TerminalUI

/// The styles of the storefront screens.
///
/// Colours are the eight every colour terminal has; in monochrome the backend drops them and
/// draws what stood out by its background (bars, badges, the selection) reversed instead.
enum Theme {
    static let titleBar = Style.plain.foreground(.white).background(.blue).bold()
    static let border = Style.plain.foreground(.blue)
    static let dialogBorder = Style.plain.foreground(.cyan).bold()
    static let section = Style.plain.foreground(.yellow).bold()
    static let group = Style.plain.foreground(.yellow)
    static let selection = Style.plain.foreground(.black).background(.cyan)
    static let emphasis = Style.plain.bold()
    static let muted = Style.plain.dim()
    static let key = Style.plain.foreground(.cyan).bold()
    static let credit = Style.plain.foreground(.cyan).bold()
    static let banner = Style.plain.foreground(.white).background(.red).bold()
    static let badge = Style.plain.foreground(.black).background(.yellow)
    static let face = Style.plain.foreground(.yellow).bold()
    static let error = Style.plain.foreground(.red).bold()

    /// How a product's status reads at a glance: owned green, credits cyan, waiting yellow.
    static func style(for status: ProductStatus) -> Style {
        switch status {
        case .notSold, .groupPlanUnknown: muted
        case .available: .plain
        case .credits(_, let balance): balance > 0 ? Style.plain.foreground(.cyan) : muted
        case .owned, .active, .runningBeforeSwitch: Style.plain.foreground(.green)
        case .restoreToUnlock, .awaitingDelivery, .waiting, .changeScheduled: Style.plain.foreground(.yellow)
        case .expired, .revoked, .billingProblem: Style.plain.foreground(.red)
        }
    }

    /// The border and title colour of an alert.
    static func style(for tone: Alert.Tone) -> Style {
        switch tone {
        case .success: Style.plain.foreground(.green).bold()
        case .info: dialogBorder
        case .warning: Style.plain.foreground(.yellow).bold()
        case .failure: Style.plain.foreground(.red).bold()
        }
    }
}
