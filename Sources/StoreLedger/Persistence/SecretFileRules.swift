import Glibc

/// The rules every secret beside the ledger must meet: the ledger key, the signing key, and
/// any key added later.
///
/// Like ssh with a private key: a secret is used only from an ordinary file, with one name,
/// that belongs to the user running storefront and that nobody else may read or change.
/// Anything else may have been planted or copied by someone else, who could then read what is
/// written into it or sign in the store's name.
public enum SecretFileRules {
    /// The permission bits a secret is created with and must keep.
    public static let permissions: UInt32 = 0o600

    /// What is wrong with the secret described by `status` at `path`, with the command that
    /// fixes it; nil when it meets every rule.
    public static func violation(of status: FileStatus, at path: String) -> String? {
        guard status.isRegularFile else {
            return "it is not an ordinary file; move it away, and a new key is made where needed"
        }
        if status.owner != geteuid() {
            if let runAsOwner = runAsOwnerAdvice(owner: status.owner, others: "the store's other files") {
                return "it belongs to another user (uid \(status.owner)); \(runAsOwner); to take it over instead, put a copy "
                    + "you own in its place, with `\(ownCopyCommand(path))`"
            }
            return "it belongs to another user (uid \(status.owner)); put a copy you own in its place, "
                + "with `\(ownCopyCommand(path))`"
        }
        if status.linkCount > 1 {
            return "it has \(status.linkCount) names (hard links), so it may be reachable from a place others can read; "
                + "give it one name with `\(ownCopyCommand(path))`"
        }
        if status.permissions & 0o077 != 0 {
            let mode = String(status.permissions, radix: 8)
            return "other users may read or change it (mode \(mode)); run `chmod 600 \(ShellWord.quoted(path))`"
        }
        return nil
    }

    /// For root, meeting a store's file of `owner`: running storefront as that user, which
    /// keeps the user's files theirs, where a copy of root's own in its place would lock them
    /// out; it works only where `others`, the store's other files, are theirs too. `store`
    /// names the store on that command line (`--entitlements PATH`), as sudo does not pass on
    /// the environment that may name it here; without it, the advice says to name it. Nil for
    /// anyone else, who cannot.
    public static func runAsOwnerAdvice(owner: UInt32, store: String? = nil, others: String) -> String? {
        guard geteuid() == 0, owner != 0 else { return nil }
        let command = "sudo -u '#\(owner)' storefront" + (store.map { " " + $0 } ?? "") + " …"
        return "run storefront as that user instead (`\(command)`"
            + (store == nil ? ", naming the store as you do here, since sudo does not pass your environment on" : "")
            + ") if \(others) are theirs too, which keeps their files theirs"
    }

    /// The command that puts a private copy of one's own, with one name, in the secret's place.
    private static func ownCopyCommand(_ path: String) -> String {
        ShellWord.copyInPlace(path, through: ".mine") + " && chmod 600 \(ShellWord.quoted(path))"
    }
}
