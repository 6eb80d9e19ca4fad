import Testing
@testable import StoreJSON

/// Numbers too large for a double are valid JSON that most readers refuse or read as infinity,
/// so the parser notes them and finds each with the path to it.
@Suite struct JSONNumberRangeTests {
    @Test func onlyNumbersBeyondADoubleAreOutOfRange() {
        let beyond = ["1e400", "-1e400", "1E+309", "1.7976931348623159e308", "1" + String(repeating: "0", count: 400)]
        let within = ["0", "-0", "1e308", "1.7976931348623157e308", "1e-400", "12345678901234567890", "9" + String(repeating: "9", count: 300)]
        for literal in beyond { #expect(JSONNumberRange.isBeyondDouble(literal), "\(literal)") }
        for literal in within { #expect(!JSONNumberRange.isBeyondDouble(literal), "\(literal)") }
    }

    @Test func everyNumberOutOfRangeIsFoundWithItsPathAndPlace() throws {
        let root = try JSONParser.parse(Array("""
        {"a": 1e400, "b": {"c": [1, -1e999]},
         "ok": 1e308, "d": [[2e308]]}
        """.utf8))
        let found = root.numbersOutOfRange()
        #expect(found.map(\.field) == ["a", "b.c[1]", "d[0][0]"])
        #expect(found.map { $0.node.numberLiteral } == ["1e400", "-1e999", "2e308"])
        #expect(found[2].node.line == 2 && found[2].node.column == 22)
    }

    @Test func aNumberOutOfRangeAtTheTopHasAnEmptyPath() throws {
        #expect(try JSONParser.parse(Array("1e400".utf8)).numbersOutOfRange().map(\.field) == [""])
    }

    @Test func theParserNotesWhetherAnyNumberIsOutOfRange() throws {
        #expect(try JSONParser.parseNotingAmbiguities(Array(#"{"a": [1, 1e400]}"#.utf8)).hasNumbersOutOfRange)
        #expect(try JSONParser.parseNotingAmbiguities(Array(#"{"a": [1, 1e300, 1e-400]}"#.utf8)).hasNumbersOutOfRange == false)
        let long = "[" + String(repeating: "7", count: 310) + "]"
        #expect(try JSONParser.parseNotingAmbiguities(Array(long.utf8)).hasNumbersOutOfRange)
    }
}
