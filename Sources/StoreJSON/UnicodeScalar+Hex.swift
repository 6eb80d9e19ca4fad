extension Unicode.Scalar {
    /// The code point in at least four upper-case hex digits, e.g. "202E" or "009B".
    public var hexDigits: String {
        let hex = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
