import Testing
@testable import StoreEngine

/// The default entitlements path follows the XDG base directory rules, and never guesses.
@Suite struct LedgerLocationTests {
    @Test("XDG_DATA_HOME comes first, then HOME")
    func xdgThenHome() throws {
        #expect(try LedgerLocation.path(explicit: nil, environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/q"])
            == "/data/storefront/entitlements.jsonl")
        #expect(try LedgerLocation.path(explicit: nil, environment: ["HOME": "/home/q"])
            == "/home/q/.local/share/storefront/entitlements.jsonl")
        // The XDG rules ignore a relative XDG_DATA_HOME.
        #expect(try LedgerLocation.path(explicit: nil, environment: ["XDG_DATA_HOME": "data", "HOME": "/home/q"])
            == "/home/q/.local/share/storefront/entitlements.jsonl")
    }

    @Test("with neither XDG_DATA_HOME nor HOME the path is refused with what to set")
    func neither() {
        #expect(throws: LedgerLocation.Failure.noDataDirectory) { try LedgerLocation.path(explicit: nil, environment: [:]) }
        #expect(throws: LedgerLocation.Failure.noDataDirectory) {
            try LedgerLocation.path(explicit: nil, environment: ["HOME": "", "XDG_DATA_HOME": "relative"])
        }
        let message = LedgerLocation.Failure.noDataDirectory.description
        #expect(message.contains("XDG_DATA_HOME") && message.contains("HOME") && message.contains("--entitlements"))
        #expect(throws: LedgerLocation.Failure.homeUnknown(path: "~/e.jsonl")) {
            try LedgerLocation.path(explicit: "~/e.jsonl", environment: [:])
        }
    }

    @Test("an explicit path or STOREFRONT_ENTITLEMENTS needs neither")
    func explicitNeedsNoHome() throws {
        #expect(try LedgerLocation.path(explicit: "/x/e.jsonl", environment: [:]) == "/x/e.jsonl")
        #expect(try LedgerLocation.path(explicit: nil, environment: ["STOREFRONT_ENTITLEMENTS": "/y/e.jsonl"]) == "/y/e.jsonl")
    }
}
