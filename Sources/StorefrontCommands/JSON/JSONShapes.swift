import Foundation
import StoreEngine
import StorefrontText

/// The stable `--json` shapes, documented in the README: encoded by the commands, decoded by
/// scripts and by the end-to-end tests. Optional fields are left out when nil.
public enum JSONShapes {
    /// The encoder every command writes JSON with: sorted keys, ISO 8601 dates, and `advising`
    /// named in the commands its messages advise (see `AdvisedMessage`).
    public static func encoder(advising options: [AdvisedOption] = []) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        encoder.userInfo[.advisedOptions] = options
        return encoder
    }

    /// Reads a command's `--json` output back as `shape`.
    public static func decode<Shape: Decodable>(_ shape: Shape.Type, from output: String) throws -> Shape {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(shape, from: Data(output.utf8))
    }
}
