import Testing
@testable import StoreJSON

/// Numbers a double cannot hold are valid JSON that most readers refuse, read as infinity or
/// read as 0, so the parser notes them and finds each with the path to it.
@Suite struct JSONNumberRangeTests {
    /// 0 written with 323 zeros after the point and then `digit`: 1e-324 reads as 0, 5e-324 does not.
    static func fraction(endingIn digit: String) -> String { "0." + String(repeating: "0", count: 323) + digit }

    @Test func onlyNumbersBeyondADoubleAreOutOfRange() {
        let beyond = ["1e400", "-1e400", "1E+309", "1.7976931348623159e308", "1" + String(repeating: "0", count: 400)]
        let within = ["0", "-0", "1e308", "1.7976931348623157e308", "1e-400", "12345678901234567890", "9" + String(repeating: "9", count: 300)]
        for literal in beyond { #expect(JSONNumberRange.isBeyondDouble(literal), "\(literal)") }
        for literal in within { #expect(!JSONNumberRange.isBeyondDouble(literal), "\(literal)") }
    }

    @Test func aNumberThatIsNotZeroButReadsAsZeroIsTooNearZero() {
        let tooNear = ["1e-400", "-1e-400", "4e-330", "9E-999", "2.4703282292062327e-324", "0.1e-323", Self.fraction(endingIn: "1"),
                       "1" + String(repeating: "0", count: 500) + "e-900"]
        for literal in tooNear { #expect(JSONNumberRange.excess(literal) == .tooNearZero, "\(literal)") }
        #expect(JSONNumberRange.excess("-1e400") == .tooLarge)
    }

    @Test func zeroWrittenAnyWayAndTheSmallestDoublesAreWithinRange() {
        let within = ["0", "-0", "0.0", "-0.0", "0e5", "0e-400", "-0.000E-999", "5e-324", "-5e-324", "2.4703282292062328e-324",
                      "2.2250738585072014e-308", Self.fraction(endingIn: "5"), "1e-300", "1.5"]
        for literal in within { #expect(JSONNumberRange.excess(literal) == nil, "\(literal)") }
    }

    @Test func everyNumberOutOfRangeIsFoundWithItsPathAndPlace() throws {
        let root = try JSONParser.parse(Array("""
        {"a": 1e400, "b": {"c": [1, -1e999, -1e-999]},
         "ok": 1e308, "d": [[2e308]], "zero": 0e-400, "tiny": 5e-324}
        """.utf8))
        let found = root.numbersOutOfRange()
        #expect(found.map(\.field) == ["a", "b.c[1]", "b.c[2]", "d[0][0]"])
        #expect(found.map { $0.node.numberLiteral } == ["1e400", "-1e999", "-1e-999", "2e308"])
        #expect(found.map(\.excess) == [.tooLarge, .tooLarge, .tooNearZero, .tooLarge])
        #expect(found[3].node.line == 2 && found[3].node.column == 22)
    }

    @Test func aNumberOutOfRangeAtTheTopHasAnEmptyPath() throws {
        #expect(try JSONParser.parse(Array("1e400".utf8)).numbersOutOfRange().map(\.field) == [""])
        #expect(try JSONParser.parse(Array("1e-400".utf8)).numbersOutOfRange().map(\.field) == [""])
    }

    @Test func theParserNotesWhetherAnyNumberIsOutOfRange() throws {
        func notes(_ text: String) throws -> Bool { try JSONParser.parseNotingAmbiguities(Array(text.utf8)).hasNumbersOutOfRange }
        #expect(try notes(#"{"a": [1, 1e400]}"#))
        #expect(try notes(#"{"a": [1, 1e300, 1e-400]}"#))
        #expect(try notes(#"{"a": [1, 1e300, 5e-324, 0e-400, -0]}"#) == false)
        #expect(try notes("[" + String(repeating: "7", count: 310) + "]"))
        #expect(try notes("[" + Self.fraction(endingIn: "1") + "]"), "a fraction written out, without an exponent")
        #expect(try notes("[" + Self.fraction(endingIn: "5") + "]") == false)
    }
}
