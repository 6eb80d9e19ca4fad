import Foundation
import StorefrontText

/// A sentence for people inside `--json` output. The commands it advises (`` `storefront …` ``)
/// name, once `Console.json` encodes it, the store, catalogs, account and device the command was
/// given, as the same words on stderr do: pasted from a script's log, advice about a store named
/// by `--store` would otherwise act on the default file.
///
/// Only these sentences are named: every other value of the output is data (a catalog's text
/// may hold a backquote and `storefront`) and is written exactly.
@propertyWrapper
public struct AdvisedMessage: Codable, Sendable, Equatable {
    public var wrappedValue: String

    public init(wrappedValue: String) {
        self.wrappedValue = wrappedValue
    }

    public init(from decoder: any Decoder) throws {
        wrappedValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        let options = encoder.userInfo[.advisedOptions] as? [AdvisedOption] ?? []
        try container.encode(StoreCommandText.naming(options, in: wrappedValue))
    }
}

extension CodingUserInfoKey {
    /// The `[AdvisedOption]` that `AdvisedMessage` names in the commands it advises.
    static let advisedOptions = CodingUserInfoKey(rawValue: "storefront.advisedOptions")!
}
