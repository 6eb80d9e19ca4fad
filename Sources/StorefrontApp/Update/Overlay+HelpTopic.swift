extension Overlay {
    /// The help topic of this overlay, for `?`; nil on the help itself.
    ///
    /// In a picker's text field `?` opens the help too: no locale or name contains it.
    var helpTopic: HelpTopic? {
        switch self {
        case .buySheet: .paymentSheet
        case .alert: .message
        case .spend: .spending
        case .picker(let picker):
            switch (picker.purpose, picker.typing?.field) {
            case (_, .locale?): .typedLocale
            case (_, .account?), (_, .device?): .typedName
            case (.localeAndStorefront, nil): .localePicker
            case (.accountAndDevice, nil): .accountPicker
            }
        case .transactions: .transactions
        case .refundConfirmation: .refund
        case .cancelRenewalConfirmation: .cancelRenewal
        case .renewNowConfirmation: .renewNow
        case .expireConfirmation: .expire
        case .settings: .settings
        case .help: nil
        }
    }
}
