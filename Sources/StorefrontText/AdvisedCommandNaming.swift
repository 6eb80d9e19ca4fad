import StoreLedger

extension StoreCommandText {
    /// `text` with every command it advises in backquotes (`` `storefront …` ``) made to name
    /// `store` as the command that printed it was told to: a file given by `--entitlements` or
    /// `--store` is added with `--entitlements`, so advice pasted into the shell acts on the
    /// same file and never on the default one. Pasted as printed before, `storefront refund
    /// 2000000000000002` after an `expire` on another file refunded whatever that number was in
    /// the default one.
    ///
    /// A command that already names a store (`--entitlements`, `--store`, a copy's `--from` or
    /// `--to`) is left as it is; so is all advice when the environment or the default named the
    /// file, as it will again where the advice is pasted. A database's messages name it
    /// themselves (`command(_:on:)`), and some leave it out on purpose (what its owner runs,
    /// as another role), so advice about a database is left as written.
    public static func naming(_ store: AdvisedStore, in text: String) -> String {
        guard case .file(let path, true) = store else { return text }
        let option = "--entitlements " + ShellWord.quoted(path)
        // Every other span between backquotes is quoted.
        var spans = text.split(separator: "`", omittingEmptySubsequences: false).map(String.init)
        guard spans.count > 2 else { return text }
        for index in stride(from: 1, to: spans.count - 1, by: 2) where namesNoStore(spans[index]) {
            let command = spans[index]
            if command == "storefront" {
                spans[index] = "storefront " + option
            } else if command.hasPrefix("storefront ") {
                spans[index] = "storefront " + option + command.dropFirst("storefront".count)
            }
        }
        return spans.joined(separator: "`")
    }

    /// Whether the quoted `command` leaves the store to the environment or the default. A
    /// copy names its two stores with `--from` and `--to`, even where the advice leaves them out.
    private static func namesNoStore(_ command: String) -> Bool {
        let words = command.split(separator: " ")
        if words.starts(with: ["storefront", "store", "copy"]) { return false }
        return !words.contains { word in
            ["--entitlements", "--store", "--from", "--to"].contains { word == $0 || word.hasPrefix($0 + "=") }
        }
    }
}
