import Foundation

/// Monotonic time, for measuring how long something takes.
enum Stopwatch {
    /// Nanoseconds on the monotonic clock; only differences mean anything.
    static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Processor time this thread has used (user and system), in nanoseconds.
    static func threadCPUNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// How long `body` took, in seconds, and what it returned.
    static func time<Value>(_ body: () throws -> Value) rethrows -> (seconds: Double, value: Value) {
        let start = nanoseconds()
        let value = try body()
        return (Double(nanoseconds() - start) / 1e9, value)
    }

    /// The durations of `runs` calls of `body`, in seconds, after `warmup` calls that are not kept.
    static func sample(runs: Int, warmup: Int = 1, _ body: () throws -> Void) rethrows -> Samples {
        for _ in 0..<warmup { try body() }
        var seconds: [Double] = []
        seconds.reserveCapacity(runs)
        for _ in 0..<runs {
            seconds.append(try time(body).seconds)
        }
        return Samples(seconds)
    }
}
