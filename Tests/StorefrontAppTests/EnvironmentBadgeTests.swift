import Foundation
import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp

/// The header shows the App Store environment whenever it is not the default, Sandbox.
@Suite struct EnvironmentBadgeTests {
    static func header(_ fixture: StorefrontFixture) -> String {
        render(fixture.state(size: Size(width: 100, height: 30)), size: Size(width: 100, height: 30)).rowTexts[1]
    }

    @Test func sandboxShowsNoBadgeAndEveryOtherEnvironmentDoes() throws {
        let fixture = try StorefrontFixture()
        #expect(!Self.header(fixture).contains("Environment"))
        for environment in StoreEnvironment.allCases where environment != .sandbox {
            try fixture.store.set(.environment, to: environment.rawValue, for: fixture.buyer)
            #expect(Self.header(fixture).contains("Environment: \(environment.rawValue)"), "\(Self.header(fixture))")
        }
    }
}
