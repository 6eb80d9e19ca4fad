/// Why a benchmark run could not go on.
enum BenchError: Error, CustomStringConvertible {
    case usage(String)
    case generatedDataInvalid(String)
    case childFailed(command: String, status: Int32, output: String)
    case binaryMissing(path: String)
    case sqlite(operation: String, code: Int32, message: String)
    case unexpectedResult(String)

    var description: String {
        switch self {
        case .usage(let message):
            "\(message); `storefront-bench --help` lists the options"
        case .generatedDataInvalid(let message):
            "the generated benchmark data is unusable: \(message); check the free space and permissions of the temporary folder"
        case let .childFailed(command, status, output):
            "the child process `\(command)` exited with status \(status): \(output.isEmpty ? "no output" : output)"
        case .binaryMissing(let path):
            "no storefront binary at \(path); build it first: swift build -c release --product storefront"
        case let .sqlite(operation, code, message):
            "SQLite failed to \(operation) (code \(code)): \(message)"
        case .unexpectedResult(let message):
            "a benchmark operation did not do what it measures: \(message)"
        }
    }
}
