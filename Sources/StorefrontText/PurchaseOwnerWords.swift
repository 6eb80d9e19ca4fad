/// The words that name whose purchase a message is about: the reader's own ("you") or another
/// account's, in the third person, as when a parent approves a child's request.
struct PurchaseOwnerWords {
    /// The other account, or nil for the reader's own.
    let owner: String?

    /// At the start of a sentence: "You" or "kid".
    var subject: String { owner ?? "You" }
    /// Inside a sentence: "your" or "kid's".
    var possessive: String { owner.map { "\($0)'s" } ?? "your" }
    /// At the start of a sentence: "Your" or "kid's".
    var possessiveAtStart: String { owner.map { "\($0)'s" } ?? "Your" }
    var owns: String { owner == nil ? "own" : "owns" }
    var are: String { owner == nil ? "are" : "is" }

    /// "you now have 9" or "kid now has 9", the balance written as the locale writes counts.
    func nowHolds(_ balance: String) -> String {
        owner.map { "\($0) now has \(balance)" } ?? "you now have \(balance)"
    }
}
