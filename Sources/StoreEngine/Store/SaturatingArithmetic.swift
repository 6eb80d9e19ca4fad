extension Int {
    /// `self + other`, held at the nearest end of `Int`'s range instead of trapping.
    ///
    /// The fold uses it for balances: a ledger must stay readable whatever amounts it holds
    /// (written by an older version, or by a catalog without limits), and a decision refuses
    /// anything near these ends long before a value gets there.
    func saturatingAdding(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other > 0 ? .max : .min
    }

    /// `self - other`, held at the nearest end of `Int`'s range instead of trapping.
    func saturatingSubtracting(_ other: Int) -> Int {
        let (difference, overflow) = subtractingReportingOverflow(other)
        guard overflow else { return difference }
        return other < 0 ? .max : .min
    }

    /// `self × other`, held at the nearest end of `Int`'s range instead of trapping.
    func saturatingMultiplied(by other: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        guard overflow else { return product }
        return (self < 0) == (other < 0) ? .max : .min
    }
}
