import Foundation

/// Runs `python3` for the checks made with code that is not ours.
enum PythonScript {
    /// Runs `python3 ARGUMENTS` with `input` on stdin and returns what it did.
    static func run(_ arguments: [String], input: Data = Data()) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        // The test's own environment, so the python3 that `.ci/run` installed into is found.
        process.environment = ProcessInfo.processInfo.environment
        let out = Pipe(), err = Pipe(), stdin = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        try process.run()
        // The scripts read all their input before writing anything, so this cannot block on a full pipe.
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }
}
