import StorefrontText

/// A message box that says what happened, closed with Enter or Esc.
public struct Alert: Equatable, Sendable {
    /// How the alert is coloured: good news, neutral, a refusal, or something that went wrong.
    public enum Tone: Equatable, Sendable {
        case success
        case info
        case warning
        case failure
    }

    public var title: String
    public var message: String
    public var tone: Tone
    /// An alert that no key asked for, shown in place of a sheet or question that a change by
    /// another process closed: like a sheet, it takes keys other than Esc only a moment after
    /// it shows, so an Enter meant for what it replaced does not dismiss it unread.
    public var takesKeysAfterAMoment: Bool

    public init(title: String, message: String, tone: Tone, takesKeysAfterAMoment: Bool = false) {
        self.title = title
        self.message = message
        self.tone = tone
        self.takesKeysAfterAMoment = takesKeysAfterAMoment
    }
}

extension AppState {
    /// The notice a storefront opens with when locales it was given were set aside as unknown
    /// (`skipped` names each as given), leaving the first key alone; nil when none was.
    public static func localesSetAsideNotice(_ skipped: [String], using locale: String) -> Alert? {
        guard !skipped.isEmpty else { return nil }
        return Alert(title: StorefrontScreenText.localeSetAsideTitle,
                     message: StorefrontScreenText.localesSetAside(skipped, using: locale), tone: .info)
    }
}
