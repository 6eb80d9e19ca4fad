import Foundation
import StorefrontText

/// Whether a request's headers leave where its body ends beyond doubt, checked before any of
/// the body is read.
///
/// A request framed two ways may be read one way here and the other way by a proxy in front,
/// which then takes the rest of the body for a request of its own (request smuggling). Such a
/// request is refused, and its connection closed after the answer (RFC 9112 §6.1, §6.3).
public enum RequestFraming {
    /// The refusal of a request with `headerFields`, or nil when its body's end is not in doubt:
    /// 400 for `Content-Length` beside `Transfer-Encoding`, and for `Content-Length` headers
    /// that disagree. One length sent in several headers is taken (RFC 9110 §8.6 allows either).
    public static func refusal(headerFields: [(name: String, value: String)]) -> AppStoreAPIError? {
        let lengths = Set(values(of: "content-length", in: headerFields).map { $0.trimmingCharacters(in: [" ", "\t"]) })
        let encodings = values(of: "transfer-encoding", in: headerFields)
        if !lengths.isEmpty, !encodings.isEmpty {
            return .badRequest(AppStoreAPIError.Code.generalBadRequest, ServerText.lengthBesideTransferEncoding(encodings))
        }
        guard lengths.count <= 1 else {
            return .badRequest(AppStoreAPIError.Code.generalBadRequest, ServerText.conflictingContentLengths(lengths.sorted()))
        }
        return nil
    }

    private static func values(of name: String, in headerFields: [(name: String, value: String)]) -> [String] {
        headerFields.filter { $0.name.lowercased() == name }.map(\.value)
    }
}
