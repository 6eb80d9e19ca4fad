import Foundation

/// Where a request goes, taken from its URL: whether over TLS, the host and port to connect
/// to, and what the request line and the Host header name.
struct HTTPTarget: Equatable {
    var usesTLS: Bool
    /// The host as it is resolved: a name, or an address without an IPv6 literal's brackets.
    var host: String
    var port: Int
    /// The path and query as the request line sends them, "/" at least.
    var requestPath: String
    /// The Host header: the host as the URL spells it, with the port when the URL gives one.
    var hostHeader: String

    /// The target of an absolute `http` or `https` URL; nil for any other.
    init?(_ url: URL) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let spelled = components.percentEncodedHost, !spelled.isEmpty
        else { return nil }
        usesTLS = scheme == "https"
        let isBracketed = spelled.hasPrefix("[") && spelled.hasSuffix("]")
        // A name's trailing dot (fully qualified) is not part of what is resolved or checked
        // against the certificate.
        let bare = isBracketed ? String(spelled.dropFirst().dropLast()) : spelled
        host = bare.hasSuffix(".") && !isBracketed ? String(bare.dropLast()) : bare
        if let explicit = components.port {
            guard (1...65_535).contains(explicit) else { return nil }
            port = explicit
        } else {
            port = usesTLS ? 443 : 80
        }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        requestPath = path + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        // An IPv6 literal keeps its brackets in the header, as it must to tell the port apart.
        let hostText = host.contains(":") ? "[\(host)]" : host
        hostHeader = hostText + (components.port.map { ":\($0)" } ?? "")
    }
}
