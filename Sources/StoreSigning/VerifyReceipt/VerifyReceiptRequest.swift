import Foundation
import StoreJSON

/// The JSON body of POST `/verifyReceipt`, with Apple's key names.
struct VerifyReceiptRequest: Decodable, Equatable {
    /// The app receipt, base64.
    var receiptData: String
    /// The app's shared secret, needed when the store has one for the app.
    var password: String?
    /// Only the latest transaction of each auto-renewable subscription in `latest_receipt_info`.
    var excludeOldTransactions: Bool

    private enum CodingKeys: String, CodingKey {
        case receiptData = "receipt-data"
        case password
        case excludeOldTransactions = "exclude-old-transactions"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        receiptData = try container.decode(String.self, forKey: .receiptData)
        password = try container.decodeIfPresent(String.self, forKey: .password)
        excludeOldTransactions = try container.decodeIfPresent(Bool.self, forKey: .excludeOldTransactions) ?? false
    }

    /// The request a body holds, or nil when it is not a JSON object with a `receipt-data` string,
    /// gives a key twice (which value counts would be up to the reader) or holds a number no
    /// double holds (`1e400`, `1e-400`), anywhere: Foundation's decoder skips the keys it does
    /// not read, so the project's parser reads the whole body first.
    static func read(_ body: [UInt8]) -> VerifyReceiptRequest? {
        guard let parsed = try? JSONParser.parseNotingAmbiguities(body, textName: "body"),
              !parsed.hasDuplicateKeys, !parsed.hasNumbersOutOfRange else { return nil }
        return try? JSONDecoder().decode(VerifyReceiptRequest.self, from: Data(body))
    }
}
