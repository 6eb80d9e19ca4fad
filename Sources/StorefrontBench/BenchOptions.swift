/// The benchmark's command line.
struct BenchOptions {
    var quick = false
    var json = false
    var help = false
    /// Keeps the generated data folder instead of removing it, for runs by hand.
    var keepData = false
    /// Only these sections run, when given (see `BenchSection`).
    var sections: Set<BenchSection>?
    /// The storefront binary; by default the one next to the benchmark binary.
    var storefrontPath: String?

    static let usage = """
        Usage: storefront-bench [--quick] [--json] [--only SECTION[,SECTION...]] [--storefront PATH] [--keep-data]

        Measures Storefront's speed, memory and growth on generated data in a temporary folder
        and prints each figure beside its target. Build in release mode first:
          swift build -c release --product storefront
          swift run -c release storefront-bench

          --quick        small data and few runs (for CI: checks that everything runs)
          --json         machine-readable results on standard output
          --only         run only some sections: \(BenchSection.allCases.map(\.rawValue).joined(separator: ", "))
          --storefront   the storefront binary to start (default: next to storefront-bench)
          --keep-data    keep the generated data folder and print where it is
        """

    static func parse(_ arguments: [String]) throws -> BenchOptions {
        var options = BenchOptions()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--quick": options.quick = true
            case "--json": options.json = true
            case "--help", "-h": options.help = true
            case "--keep-data": options.keepData = true
            case "--only", "--storefront":
                index += 1
                guard index < arguments.count else { throw BenchError.usage("\(argument) needs a value") }
                let value = arguments[index]
                if argument == "--storefront" {
                    options.storefrontPath = value
                } else {
                    var sections: Set<BenchSection> = []
                    for name in value.split(separator: ",") {
                        guard let section = BenchSection(rawValue: String(name)) else {
                            throw BenchError.usage("unknown section \"\(name)\" for --only")
                        }
                        sections.insert(section)
                    }
                    options.sections = sections
                }
            default:
                throw BenchError.usage("unknown argument \"\(argument)\"")
            }
            index += 1
        }
        return options
    }

    func runs(_ section: BenchSection) -> Bool { sections?.contains(section) ?? true }
}

/// The parts of the benchmark, in the order they run.
enum BenchSection: String, CaseIterable, Hashable {
    case catalog
    case prices
    case render
    case startup
    case commit
    case open
    case concurrency
    case postgres
    case serve
}
