/// The App Store environment the store says it is, stamped into every signed payload.
///
/// Apple's verifiers check signatures only for Sandbox and Production; for Xcode and
/// LocalTesting they skip every check, so Sandbox is the default.
public enum StoreEnvironment: String, Sendable, Codable, CaseIterable {
    case sandbox = "Sandbox"
    case production = "Production"
    case xcode = "Xcode"
    case localTesting = "LocalTesting"
}
