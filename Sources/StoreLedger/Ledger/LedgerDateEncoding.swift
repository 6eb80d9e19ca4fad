import Foundation

/// How `Date` values inside events are written to the ledger.
public enum LedgerDateEncoding: Sendable, Hashable {
    /// `2025-01-02T03:04:05Z`; sub-second parts are dropped, whole seconds round-trip exactly.
    case iso8601
    /// `2025-01-02T03:04:05.123Z`; finer parts are dropped.
    case iso8601WithMilliseconds

    /// An encoder writing one compact line with sorted keys, as the ledger format requires.
    func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        switch self {
        case .iso8601:
            encoder.dateEncodingStrategy = .iso8601
        case .iso8601WithMilliseconds:
            let style = Self.millisecondStyle
            encoder.dateEncodingStrategy = .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(date.formatted(style))
            }
        }
        return encoder
    }

    func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        switch self {
        case .iso8601:
            decoder.dateDecodingStrategy = .iso8601
        case .iso8601WithMilliseconds:
            let style = Self.millisecondStyle
            decoder.dateDecodingStrategy = .custom { decoder in
                let container = try decoder.singleValueContainer()
                return try style.parse(try container.decode(String.self))
            }
        }
        return decoder
    }

    private static let millisecondStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
