import Foundation

/// Hidden commands the benchmark runs in child processes of itself, so what they measure
/// (memory above all) is not mixed with the parent's.
enum ChildCommand {
    /// The first argument that selects a child command.
    static let flag = "--child"

    /// Runs the child command named in `arguments` (after `--child`); returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        do {
            var named: [String: String] = [:]
            var index = 1
            while index + 1 < arguments.count {
                named[String(arguments[index].drop { $0 == "-" })] = arguments[index + 1]
                index += 2
            }
            func value(_ name: String) throws -> String {
                guard let value = named[name] else { throw BenchError.usage("the child command needs --\(name)") }
                return value
            }
            switch arguments.first {
            case OpenLedgerChild.name?:
                try OpenLedgerChild.run(ledger: value("ledger"), catalog: value("catalog"))
            case CommitWriterChild.name?:
                try CommitWriterChild.run(ledger: value("ledger"), catalog: value("catalog"), account: value("account"),
                                          commits: Int(value("commits")) ?? 0)
            case StoreFollowerChild.name?:
                try StoreFollowerChild.run(store: value("store"), catalog: value("catalog"), updates: Int(value("updates")) ?? 0)
            default:
                throw BenchError.usage("unknown child command \(arguments.first ?? "(none)")")
            }
            return 0
        } catch {
            FileHandle.standardError.write(Data("storefront-bench: \(error)\n".utf8))
            return 1
        }
    }

    /// Prints one JSON line for the parent.
    static func report(_ value: some Encodable) throws {
        let line = String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
