/// Seeded, structure-aware damage to bytes: the kinds of change a fuzzer tries first.
struct Mutator {
    var generator: SeededGenerator

    /// Tokens that change what a JSON parser sees: nesting, strings, escapes, odd numbers.
    static let tokens: [[UInt8]] = [
        "{", "}", "[", "]", "\"", ",", ":", "\\", "\\u0000", "\\ud800", "null", "true", "-0", "1e999", "-1e-999",
        "18446744073709551616", "0.0000000000000000000001", "\"\":", "[[[[[[[[[[[[[[[[", "{\"a\":{\"a\":{\"a\":",
        "\u{202E}", "\u{1B}[2J", "\n", "\r", "\t",
    ].map { Array($0.utf8) } + [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0x00]]

    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    /// One to four random changes of `bytes`.
    mutating func mutate(_ bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            result = mutateOnce(result)
        }
        return result
    }

    private mutating func position(in bytes: [UInt8]) -> Int {
        Int.random(in: 0...bytes.count, using: &generator)
    }

    private mutating func mutateOnce(_ bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        let at = position(in: result)
        switch Int.random(in: 0..<9, using: &generator) {
        case 0 where at < result.count:
            result[at] ^= UInt8(1) << UInt8.random(in: 0...7, using: &generator)
        case 1 where at < result.count:
            result[at] = UInt8.random(in: 0...255, using: &generator)
        case 2:
            let token = Self.tokens.randomElement(using: &generator) ?? []
            result.insert(contentsOf: token, at: at)
        case 3 where at < result.count:
            let end = min(result.count, at + Int.random(in: 1...64, using: &generator))
            result.removeSubrange(at..<end)
        case 4 where at < result.count:
            let end = min(result.count, at + Int.random(in: 1...64, using: &generator))
            result.insert(contentsOf: result[at..<end], at: position(in: result))
        case 5:
            result = Array(result[..<at])
        case 6 where at < result.count:
            // A value replaced with another taken from elsewhere in the text.
            let other = position(in: result)
            let length = Int.random(in: 1...16, using: &generator)
            let source = Array(result[other..<min(result.count, other + length)])
            result.replaceSubrange(at..<min(result.count, at + length), with: source)
        case 7:
            let depth = Int.random(in: 1...400, using: &generator)
            result.insert(contentsOf: Array(repeating: UInt8(ascii: "["), count: depth), at: at)
        default:
            let length = Int.random(in: 1...8, using: &generator)
            result.insert(contentsOf: (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }, at: at)
        }
        return result
    }
}
