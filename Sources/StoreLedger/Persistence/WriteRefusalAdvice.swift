#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What to do when the system refuses to let a file be written: one sentence, shared by the
/// command line's error and the storefront's read-only banner, so both send people to the same
/// place.
public enum WriteRefusalAdvice {
    /// The advice for a write to `path` refused with `code`, ending without a full stop; nil for
    /// a code that is not a refusal to write.
    ///
    /// EPERM is not EACCES: Linux returns it when an attribute (immutable, append-only) forbids
    /// the change whatever the mode allows, so sending people to the permissions would lead
    /// nowhere. The attribute may sit on the file or on its folder, so `lsattr -d` looks at both.
    public static func sentence(code: Int32, path: String) -> String? {
        switch code {
        case EPERM:
            let folder = ShellWord.quoted(folder(of: path))
            return "A file attribute (immutable i, append-only a) forbids this whatever the permissions say: "
                + "`lsattr -d \(ShellWord.quoted(path)) \(folder)` shows it; `chattr -i -a PATH` (as root) on the one flagged clears it"
        case EACCES: return "Check the permissions of the file and its directory"
        case EROFS: return "The file system is read-only; choose another location"
        default: return nil
        }
    }

    /// The folder holding `path` ("." for a bare name), where an attribute can forbid creating
    /// or renaming files.
    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
