/// What replaced a subscription's plan at once: a plan of a higher level, or one of the same
/// level and period. Both refund the unused part of the old plan; people are told which.
public enum ImmediatePlanChange: String, Sendable {
    case upgrade, crossgrade

    /// "an upgrade", "a crossgrade".
    public var withArticle: String { self == .upgrade ? "an upgrade" : "a crossgrade" }
}
