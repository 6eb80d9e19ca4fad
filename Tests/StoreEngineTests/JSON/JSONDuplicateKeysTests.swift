import Testing
@testable import StoreEngine
@testable import StoreJSON

@Suite struct JSONDuplicateKeysTests {
    @Test func everyRepeatedNameIsFoundWithItsObjectPathAndBothPlaces() throws {
        let root = try JSONParser.parse(Array("""
        {"a": 1, "b": {"x": 1, "x": 2},
         "list": [{"k": 1}, {"k": 1, "j": 2, "k": 3}],
         "a": 4}
        """.utf8))
        let found = root.duplicateKeys()
        #expect(found.map(\.key) == ["a", "x", "k"])
        #expect(found.map(\.objectPath) == ["", "b", "list[1]"])
        #expect(found[0].first.line == 1 && found[0].repeated.line == 3)
        #expect(found[1].repeated.numberLiteral == "2")
    }

    @Test func theFirstRepeatOfATextIsNamedWithItsPathAndNonJSONHasNone() {
        #expect(JSONParser.firstDuplicateKey(in: Array(#"{"a": 1, "b": {"x": 1, "x": 2}, "a": 3}"#.utf8))?.field == "a")
        #expect(JSONParser.firstDuplicateKey(in: Array(#"{"list": [{"k": 1, "k": 1}]}"#.utf8))?.field == "list[0].k")
        #expect(JSONParser.firstDuplicateKey(in: Array(#"{"a": 1, "b": 1}"#.utf8)) == nil)
        #expect(JSONParser.firstDuplicateKey(in: Array(#"{"a": 1, "a": "#.utf8)) == nil, "not JSON: its own reader says so")
    }

    @Test func largeObjectsAreCheckedToo() throws {
        let members = (0..<20).map { "\"m\($0)\": \($0)" } + ["\"m7\": 0"]
        let root = try JSONParser.parse(Array("{\(members.joined(separator: ", "))}".utf8))
        #expect(root.duplicateKeys().map(\.key) == ["m7"])
    }

    @Test func namesThatAreCanonicallyEquivalentButDifferentCodePointsAreTwoNames() throws {
        // "e" with a combining acute accent, and the precomposed "é": one string to Swift, two names to JSON.
        let small = #"{"e\u0301": 1, "\u00e9": 2}"#
        #expect(JSONParser.firstDuplicateKey(in: Array(small.utf8)) == nil)
        #expect(try JSONParser.parseNotingAmbiguities(Array(small.utf8)).hasDuplicateKeys == false)
        let large = "{" + ((0..<20).map { "\"m\($0)\": 0" } + [#""e\u0301": 1"#, #""\u00e9": 2"#]).joined(separator: ", ") + "}"
        #expect(JSONParser.firstDuplicateKey(in: Array(large.utf8)) == nil)
        #expect(try JSONParser.parse(Array(large.utf8)).duplicateKeys().isEmpty)
        #expect(try JSONParser.parseNotingAmbiguities(Array(large.utf8)).hasDuplicateKeys == false)
        #expect(JSONParser.firstDuplicateKey(in: Array(#"{"\u00e9": 1, "é": 2}"#.utf8))?.key == "é", "the same code points are one name")
    }

    @Test func distinctNamesReportNothing() throws {
        let root = try JSONParser.parse(Array(#"{"a": {"a": [{"a": 1}]}, "b": [1, 2]}"#.utf8))
        #expect(root.duplicateKeys().isEmpty)
    }

    @Test func theParserNotesWhetherAnyObjectRepeatsAName() throws {
        let small = try JSONParser.parseNotingAmbiguities(Array(#"{"a": [{"b": 1, "b": 2}]}"#.utf8))
        #expect(small.hasDuplicateKeys)
        let large = (0..<40).map { "\"m\($0)\": 0" }
        #expect(try JSONParser.parseNotingAmbiguities(Array("{\(large.joined(separator: ", "))}".utf8)).hasDuplicateKeys == false)
        let repeated = large + ["\"m39\": 1"]
        #expect(try JSONParser.parseNotingAmbiguities(Array("{\(repeated.joined(separator: ", "))}".utf8)).hasDuplicateKeys)
        #expect(try JSONParser.parseNotingAmbiguities(Array(#"{"a": {"x": 1}, "b": {"x": 1}}"#.utf8)).hasDuplicateKeys == false)
    }
}
