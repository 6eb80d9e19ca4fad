/// Path string helpers for POSIX paths.
public enum FilePath {
    /// The directory part of `path`: "." for a bare name, "/" for a top-level entry.
    public static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        let parent = trimmed[..<slash]
        return parent.isEmpty ? "/" : String(parent)
    }

    /// `name` in the folder `folder`, with one slash between them however `folder` ends:
    /// "/tmp/d/" and "/tmp/d" both give "/tmp/d/name".
    public static func child(_ name: String, of folder: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
