import Foundation

/// Runs the benchmark (or one of its hidden child commands) and returns the exit status.
func runBenchmark(_ arguments: [String]) -> Int32 {
    if arguments.first == ChildCommand.flag {
        return ChildCommand.run(Array(arguments.dropFirst()))
    }
    do {
        let options = try BenchOptions.parse(arguments)
        if options.help {
            print(BenchOptions.usage)
            return 0
        }
        let report = try BenchRunner.run(options)
        print(options.json ? try report.json() : ReportTable.render(report), terminator: "")
        return 0
    } catch let error as BenchError {
        FileHandle.standardError.write(Data("storefront-bench: \(error)\n".utf8))
        if case .usage = error { return 2 }
        return 1
    } catch {
        FileHandle.standardError.write(Data("storefront-bench: \(error)\n".utf8))
        return 1
    }
}

exit(runBenchmark(Array(CommandLine.arguments.dropFirst())))
