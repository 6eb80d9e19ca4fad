import StoreEngine

/// What a change refused by a damaged database says: which store, which rows, what to do.
extension StoreDamaged: CustomStringConvertible {
    /// How many problems the message lists before pointing to `verify`.
    private static let listedProblemLimit = 5

    public var description: String { described(writtenFirst: nil) }

    /// The message, where `writtenFirst` says what the command had written before the refusal
    /// (`store init` making a dropped table again), in place of "Nothing was written".
    public func described(writtenFirst: String?) -> String {
        let medium = StoreMedium.database(address: store)
        let listed = problems.prefix(Self.listedProblemLimit).map { "\n  - " + StoreProblemText.describe($0, in: medium) }.joined()
        let more = problems.count > Self.listedProblemLimit ? "\n  ... and \(problems.count - Self.listedProblemLimit) more" : ""
        return "refusing to write to the store \(store): it has \(EnglishCount.of(problems.count, "problem")):\(listed)\(more)\n"
            + (writtenFirst.map { "\($0); nothing else was written. " } ?? "Nothing was written. ") + "\(StoreCommandText.command("verify", on: store)) lists \(problems.contains { ($0.line ?? 0) > 1 } ? "the bad rows" : "the problems")."
    }
}
