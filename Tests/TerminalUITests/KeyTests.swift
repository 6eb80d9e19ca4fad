import Testing
@testable import TerminalUI

@Suite("Keys")
struct KeyTests {
    @Test("Terminal input codes map to named keys", arguments: [
        (UInt32(3), Key.ctrl("c")), (1, .ctrl("a")), (26, .ctrl("z")), (0, .ctrl("@")), (28, .ctrl("\\")),
        (9, .tab), (13, .enter), (10, .enter), (27, .escape), (127, .backspace), (8, .backspace),
        (0x71, .character("q")), (0x20, .character(" ")), (0x3042, .character("あ")), (0x9B, .unknown),
    ])
    func inputCodes(code: UInt32, expected: Key) throws {
        let scalar = try #require(Unicode.Scalar(code))
        #expect(Key(inputScalar: scalar) == expected)
    }
}
