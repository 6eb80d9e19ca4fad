import Foundation

/// Concurrent keep-alive clients, one thread each, sending requests for a fixed time: how many
/// were answered per second and how long each took.
struct LoadRun {
    /// What one run measured.
    struct Result {
        var requestsPerSecond: Double
        /// Every request's latency in milliseconds.
        var latencies: Samples
    }

    var port: UInt16
    /// One fixed request per client, chosen round-robin from these.
    var requests: [[UInt8]]
    var clients: Int
    var seconds: Double

    /// Connects every client, starts them together and stops them after `seconds`.
    func run() throws -> Result {
        let connections = try (0..<clients).map { index in
            try KeepAliveClient(port: port, request: requests[index % requests.count])
        }
        defer { connections.forEach { $0.close() } }
        let shared = SharedResults()
        let start = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        let started = Stopwatch.nanoseconds()
        let deadline = started + UInt64(seconds * 1e9)
        for connection in connections {
            done.enter()
            let box = UncheckedClient(client: connection)
            Thread.detachNewThread {
                start.wait()
                shared.add(Self.drive(box.client, until: deadline))
                done.leave()
            }
        }
        for _ in connections { start.signal() }
        done.wait()
        let elapsed = Double(Stopwatch.nanoseconds() - started) / 1e9
        if let failure = shared.failure { throw failure }
        return Result(requestsPerSecond: Double(shared.latencies.count) / max(elapsed, 1e-9),
                      latencies: Samples(shared.latencies))
    }

    /// Sends requests on one connection until `deadline`; every answer must be 200.
    private static func drive(_ client: KeepAliveClient, until deadline: UInt64) -> Swift.Result<[Double], Error> {
        var latencies: [Double] = []
        do {
            while true {
                let sent = Stopwatch.nanoseconds()
                if sent >= deadline { break }
                let status = try client.exchange()
                guard status == 200 else {
                    throw BenchError.unexpectedResult("Get Transaction Info answered HTTP \(status), not 200")
                }
                latencies.append(Double(Stopwatch.nanoseconds() - sent) / 1e6)
            }
        } catch {
            return .failure(error)
        }
        return .success(latencies)
    }
}

/// A client handed to the one thread that uses it from then on.
private struct UncheckedClient: @unchecked Sendable {
    let client: KeepAliveClient
}

/// The client threads' latencies and the first failure, behind a lock.
private final class SharedResults: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [Double] = []
    private var firstFailure: Error?

    func add(_ result: Swift.Result<[Double], Error>) {
        lock.withLock {
            switch result {
            case .success(let values): collected += values
            case .failure(let error): if firstFailure == nil { firstFailure = error }
            }
        }
    }

    var latencies: [Double] { lock.withLock { collected } }
    var failure: Error? { lock.withLock { firstFailure } }
}
