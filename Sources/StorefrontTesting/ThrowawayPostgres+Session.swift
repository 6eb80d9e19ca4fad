import Foundation

/// A psql session that stays open, for tests that need another session to hold a lock (a
/// teammate's psql left inside a transaction) while the binary runs.
extension ThrowawayPostgres {
    /// One psql process reading statements from a pipe; its transaction lasts until `close`.
    public final class Session {
        private let process: Process
        private let input: Pipe
        private let output: Pipe

        fileprivate init(process: Process, input: Pipe, output: Pipe) {
            (self.process, self.input, self.output) = (process, input, output)
        }

        deinit { close() }

        /// Sends `sql` and returns once psql has run it (it prints a marker after it), so a lock
        /// it takes is held when this returns.
        public func run(_ sql: String) throws {
            let marker = "storefront-session-ran-\(UUID().uuidString)"
            input.fileHandleForWriting.write(Data((sql + ";\nSELECT '\(marker)';\n").utf8))
            var printed = ""
            while !printed.contains(marker) {
                let data = output.fileHandleForReading.availableData
                guard !data.isEmpty else {
                    throw Failure(description: "psql ended before it ran \(sql): \(printed)")
                }
                printed += String(decoding: data, as: UTF8.self)
            }
        }

        /// Ends psql; the server rolls back a transaction left open, releasing its locks.
        public func close() {
            guard process.isRunning else { return }
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }

    /// Starts psql as the superuser on `database` (the server's own by default).
    public func session(database: String? = nil) throws -> Session {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binaryDirectory + "/psql")
        process.arguments = psqlArguments(database: database)
        process.environment = programEnvironment
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        return Session(process: process, input: input, output: output)
    }
}
