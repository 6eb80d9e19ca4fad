/// The screen or dialog whose keys the help shows first.
public enum HelpTopic: Equatable, Sendable, CaseIterable {
    case main
    case search
    case paymentSheet
    case message
    case spending
    case localePicker
    case typedLocale
    case accountPicker
    case typedName
    case transactions
    case refund
    case cancelRenewal
    case renewNow
    case expire
    case settings
}
