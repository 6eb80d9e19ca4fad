import StorefrontCommands
import Testing

/// `--help` and `help COMMAND` are made from the declarations and stay aligned.
@Suite("Commands: help")
struct HelpTextTests {
    /// Where each two-column row's description starts, for rows indented by two.
    private func descriptionColumns(_ text: String) -> Set<Int> {
        var columns: Set<Int> = []
        for line in text.split(separator: "\n") where line.hasPrefix("  ") && !line.hasPrefix("   ") {
            guard let gap = line.dropFirst(2).range(of: "  ") else { continue }
            let start = line[gap.lowerBound...].firstIndex { $0 != " " }!
            columns.insert(line.distance(from: line.startIndex, to: start))
        }
        return columns
    }

    @Test func theOverviewListsEveryVisibleCommandAndGlobalOptionInOneColumn() {
        let text = HelpText.overview()
        for command in CommandList.visible { #expect(text.contains("  \(command.shortSynopsis)  "), "\(command.name)") }
        for option in GlobalOptions.declarations { #expect(text.contains("  \(option.synopsis)  "), "--\(option.name)") }
        #expect(!text.contains("__complete"))
        #expect(descriptionColumns(text).count == 1, "\(descriptionColumns(text))")
    }

    @Test func aCommandsHelpShowsItsUsageArgumentsAndOptionsAligned() throws {
        let buy = try #require(CommandList.all.first { $0.name == "buy" })
        let text = HelpText.of(buy)
        #expect(text.hasPrefix("usage: storefront buy ID [--quantity N] [--simulate cancel|fail]"))
        for option in buy.options { #expect(text.contains("  \(option.synopsis)  "), "--\(option.name)") }
        #expect(descriptionColumns(text).count == 1, "\(descriptionColumns(text))")
    }

    @Test func serveShowsThatItTakesACatalogPerApp() throws {
        let serve = try #require(CommandList.all.first { $0.name == "serve" })
        let text = HelpText.of(serve)
        #expect(text.hasPrefix("usage: storefront serve [--host ADDRESS] [--port N] [--idle-timeout SECONDS] [--catalog PATH]...\n"),
                "\(text)")
        #expect(text.contains("Give --catalog once per app"), "\(text)")
    }

    @Test func longDescriptionsWrapAtTheirColumn() {
        for line in HelpText.overview().split(separator: "\n") { #expect(line.count <= 100, "\(line)") }
    }
}
