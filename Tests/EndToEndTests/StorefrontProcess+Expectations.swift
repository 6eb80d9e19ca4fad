import Foundation
import Testing
@testable import StorefrontTesting

extension StorefrontProcess {
    /// Runs `arguments`, expecting exit status 0.
    @discardableResult
    func succeed(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> Result {
        let result = try run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        return result
    }

    /// `notifications --json`: every notification of the app, as JSON objects.
    func listedNotifications() throws -> [[String: Any]] {
        let object = try #require(try succeed(["notifications", "--json"]).json())
        return try #require(object["notifications"] as? [[String: Any]])
    }
}
