import StorefrontText

/// What RFC 9112 asks of a request's target and `Host` beyond what the HTTP library checks.
public enum RequestTargetAndHost {
    /// The path of `target` in origin form: an absolute-form target (`http://host:port/path`),
    /// which a server must accept (RFC 9112 §3.2.2), gives its path; any other is as sent.
    public static func originForm(of target: String) -> String {
        let lowered = target.lowercased()
        guard let scheme = ["http://", "https://"].first(where: lowered.hasPrefix) else { return target }
        let afterScheme = target.dropFirst(scheme.count)
        guard let slash = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return "/" }
        let rest = afterScheme[slash...]
        return rest.first == "?" ? "/" + rest : String(rest)
    }

    /// 400 for an HTTP/1.1 request without exactly one `Host` header (RFC 9112 §3.2); nil otherwise.
    public static func refusal(version: String, headerFields: [(name: String, value: String)]) -> AppStoreAPIError? {
        guard version.uppercased() == "HTTP/1.1" else { return nil }
        let hosts = headerFields.filter { $0.name.lowercased() == "host" }.count
        guard hosts != 1 else { return nil }
        return .badRequest(AppStoreAPIError.Code.generalBadRequest, ServerText.hostHeaders(count: hosts))
    }
}
