/// Who is buying and where: an account (a sandbox tester) on one device (one install).
public struct Buyer: Sendable, Hashable, Codable {
    public var account: String
    public var device: String

    public init(account: String = "tester", device: String = "default") {
        self.account = account
        self.device = device
    }
}
