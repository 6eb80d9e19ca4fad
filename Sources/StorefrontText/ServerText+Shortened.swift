extension ServerText {
    /// `text` cut to `limit` characters for quoting in a message, ending in "…" when it was cut,
    /// so that a long value quoted back is not taken for the whole of what was sent.
    public static func shortened(_ text: some StringProtocol, to limit: Int) -> String {
        text.count > limit ? text.prefix(limit) + "…" : String(text)
    }
}
