/// The ranges a catalog's numbers must fall in.
///
/// Far beyond what any real app sells, and far below where arithmetic on them could overflow:
/// a grant times the largest quantity stays under the largest balance, and a balance under
/// the largest plus one more grant still fits in an `Int`.
public enum CatalogLimits {
    /// Credits one purchase of one unit may grant.
    public static let grantAmounts = 1...1_000_000_000
    /// A credit's `maximum`, and the balance any credit may reach when it names none.
    public static let creditMaximums = 1...1_000_000_000_000
    /// How many periods an offer may last (`periods`, `numberOfPeriods`).
    public static let offerPeriods = 1...1_000
}
