import Foundation

/// One PEM block (RFC 7468): `-----BEGIN LABEL-----`, base64 in lines of 64, `-----END LABEL-----`.
public struct PEMBlock: Sendable, Equatable {
    public static let certificateLabel = "CERTIFICATE"
    public static let privateKeyLabel = "PRIVATE KEY"

    public var label: String
    public var bytes: [UInt8]

    public init(label: String, bytes: [UInt8]) {
        self.label = label
        self.bytes = bytes
    }

    /// The block as text, ending in a newline.
    public var text: String {
        let body = Data(bytes).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return "-----BEGIN \(label)-----\n\(body)\n-----END \(label)-----\n"
    }

    /// Every block in `text`, in order; nil when a block is cut short or its body is not base64.
    /// Text between blocks is ignored, as PEM readers do.
    public static func blocks(in text: String) -> [PEMBlock]? {
        var found: [PEMBlock] = []
        var label: String?
        var body = ""
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let open = label {
                if trimmed == "-----END \(open)-----" {
                    guard let bytes = Data(base64Encoded: body) else { return nil }
                    found.append(PEMBlock(label: open, bytes: Array(bytes)))
                    label = nil
                    body = ""
                } else {
                    body += trimmed
                }
            } else if trimmed.hasPrefix("-----BEGIN "), trimmed.hasSuffix("-----") {
                label = String(trimmed.dropFirst(11).dropLast(5))
            }
        }
        return label == nil ? found : nil
    }
}
