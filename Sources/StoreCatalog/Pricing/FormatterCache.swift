import Foundation

/// A thread-safe cache of Foundation formatters by key.
///
/// Creating an ICU-backed formatter costs far more than using one, and a screen shows many
/// values in the same locale, so formatters are made once per key and reused.
final class FormatterCache<Key: Hashable, Formatter>: @unchecked Sendable {
    private var formatters: [Key: Formatter] = [:]
    private let lock = NSLock()
    private let make: (Key) -> Formatter

    init(make: @escaping (Key) -> Formatter) {
        self.make = make
    }

    /// Runs `body` with the formatter for `key`, under the cache's lock (Foundation formatters
    /// are not safe to use from two threads at once).
    func with<Result>(_ key: Key, _ body: (Formatter) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        if let cached = formatters[key] { return body(cached) }
        let formatter = make(key)
        formatters[key] = formatter
        return body(formatter)
    }
}
