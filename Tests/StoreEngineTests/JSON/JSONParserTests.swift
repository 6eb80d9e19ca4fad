import Testing
@testable import StoreEngine
@testable import StoreJSON

/// The parser keeps every value's place (line, and column in characters) and words syntax errors
/// with the place where reading stopped.
@Suite struct JSONParserTests {
    func parse(_ text: String) throws -> JSONNode { try JSONParser.parse(Array(text.utf8)) }

    func syntaxError(_ bytes: [UInt8]) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    func syntaxError(_ text: String) -> JSONSyntaxError? { syntaxError(Array(text.utf8)) }

    @Test func valuesKeepTheirLineAndColumn() throws {
        let root = try parse("{\n  \"a\": [1, true],\n\t\"b\" : null\n}")
        #expect(root.line == 1 && root.column == 1)
        let list = try #require(root["a"])
        #expect(list.line == 2 && list.column == 8)
        #expect(list.arrayElements?.map(\.column) == [9, 12])
        #expect(root["b"]?.line == 3 && root["b"]?.column == 8)
    }

    @Test("A word that starts like true, false or null is named whole, where it begins (before: \"expected 'null'\" for \"not json\")",
          arguments: [("not json", "'not'"), ("{\"a\": nul}", "'nul'"), ("[tru]", "'tru'"), ("{\"a\": fals }", "'fals'")])
    func aWordThatIsNoLiteralIsNamedWhole(text: String, named: String) throws {
        let error = try #require(syntaxError(text))
        #expect(error.reason.hasPrefix("expected a value, found \(named)"), "\(error.reason)")
        #expect(text.utf8.count > error.offset && Array(text.utf8)[error.offset...].starts(with: Array(named.dropFirst().dropLast().utf8)),
                "the error is placed where the word begins: \(error.offset)")
    }

    @Test func columnsCountCharactersNotBytes() throws {
        // "Münzen" is 7 bytes and 6 characters; "🪙" is 4 bytes and one character.
        let root = try parse("{\"n\": \"Münzen\", \"c\": \"🪙\", \"x\": 5}")
        #expect(root["n"]?.column == 7)
        #expect(root["c"]?.column == 22)
        #expect(root["x"]?.column == 32)
    }

    @Test func multibyteKeysAndEscapesMoveTheColumnByWhatIsWritten() throws {
        // An escape counts as the characters written (\u00e9 is six), a decoded key as its characters.
        let root = try parse("{\"clé\": \"a\\u00e9\\n\", \"x\": 1}")
        #expect(root["clé"]?.stringValue == "aé\n")
        #expect(root["clé"]?.column == 9)
        #expect(root["x"]?.column == 27)
    }

    @Test func aNewLineStartsTheColumnAgainAndCarriageReturnsAreCharacters() throws {
        let root = try parse("[\"ü\",\r\n  \"ö\",\r 7]")
        let elements = try #require(root.arrayElements)
        #expect(elements.map(\.line) == [1, 2, 2])
        #expect(elements.map(\.column) == [2, 3, 9])
    }

    @Test func byteOrderMarkIsSkippedAndNotCounted() throws {
        let root = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8))
        #expect(root.column == 1)
        #expect(root["a"]?.column == 7)
    }

    @Test func numbersStayExactText() throws {
        let root = try parse("[0.10, -0, 1e3, 2.50E-2, 12345678901234567890.123]")
        #expect(root.arrayElements?.compactMap(\.numberLiteral) == ["0.10", "-0", "1e3", "2.50E-2", "12345678901234567890.123"])
    }

    @Test func stringsDecodeEveryEscape() throws {
        let root = try parse(#"["\"\\\/\b\f\n\r\t", "\u00e9\ud83e\ude99", "plain ü"]"#)
        #expect(root.arrayElements?.compactMap(\.stringValue) == ["\"\\/\u{08}\u{0C}\n\r\t", "é🪙", "plain ü"])
    }

    @Test func membersKeepTheirOrder() throws {
        let root = try parse(#"{"z": 1, "a": {}, "m": [], "a2": "x"}"#)
        #expect(root.objectMembers?.map(\.key) == ["z", "a", "m", "a2"])
        #expect(root["a"]?.objectMembers?.isEmpty == true)
        #expect(root["m"]?.arrayElements?.isEmpty == true)
    }

    @Test func syntaxErrorsNameLineAndColumn() {
        let missingComma = syntaxError("{\n  \"ä\": \"ö\" \"b\": 1}")
        #expect(missingComma == JSONSyntaxError(line: 2, column: 12, offset: 15, reason: "expected ',' or '}' after the member \"ä\", found '\"'"))
        let trailing = syntaxError("[1] x")
        #expect(trailing == JSONSyntaxError(line: 1, column: 5, offset: 4, reason: "unexpected text after the end of the JSON value"))
        let badValue = syntaxError("{\"a\": @}")
        #expect(badValue == JSONSyntaxError(line: 1, column: 7, offset: 6, reason: "expected a value, found '@'"))
        let truncated = syntaxError("{\"a\": [1,")
        #expect(truncated == JSONSyntaxError(line: 1, column: 10, offset: 9, reason: "the file ends where a value was expected (is it truncated?)"))
    }

    @Test func errorsInsideStringsPointAfterWhatWasRead() {
        let unknownEscape = syntaxError("[\"üü\\x\"]")
        #expect(unknownEscape == JSONSyntaxError(line: 1, column: 7, offset: 8, reason: "an unknown escape '\\x' in a string"))
        let rawNewLine = syntaxError("[\"ab\ncd\"]")
        #expect(rawNewLine == JSONSyntaxError(line: 1, column: 5, offset: 4, reason: "a raw control character (0xa) inside a string; write it escaped"))
        let endsInside = syntaxError("[\"abc")
        #expect(endsInside == JSONSyntaxError(line: 1, column: 6, offset: 5, reason: "the file ends inside a string (is it truncated?)"))
        let escapedNewLine = syntaxError("[\"ab\\\ncd\"]")
        #expect(escapedNewLine == JSONSyntaxError(line: 2, column: 1, offset: 6, reason: "an unknown escape '\\\n' in a string"))
        let loneSurrogate = syntaxError(#"["\udc00"]"#)
        #expect(loneSurrogate == JSONSyntaxError(line: 1, column: 9, offset: 8, reason: "a lone UTF-16 low surrogate in \\u escape"))
    }

    @Test func invalidUTF8InAStringIsRefusedAtTheByteThatBreaksIt() {
        let brokenSequence = syntaxError(Array("[\"a".utf8) + [0xC3, 0x28] + Array("\"]".utf8))
        #expect(brokenSequence == JSONSyntaxError(line: 1, column: 5, offset: 4, reason:
            "invalid UTF-8 in a string: byte 0x28 does not begin or continue a character here"))
        let strayByte = syntaxError(Array("[\"é".utf8) + [0xFF] + Array("\"]".utf8))
        #expect(strayByte == JSONSyntaxError(line: 1, column: 4, offset: 4, reason:
            "invalid UTF-8 in a string: byte 0xff does not begin or continue a character here"))
    }

    @Test func invalidUTF8InAStringWithEscapesIsRefused() {
        let error = syntaxError(Array("[\"\\n".utf8) + [0xFF] + Array("\"]".utf8))
        #expect(error?.reason == "the string before this point holds bytes that are not valid UTF-8")
        #expect(error?.offset == 6)
    }

    @Test func aWordThatIsNoJSONValueIsNamedWhole() {
        let notANumber = syntaxError(#"{"price": NaN}"#)
        #expect(notANumber?.offset == 10)
        #expect(notANumber?.reason.hasPrefix("expected a value, found 'NaN' (a JSON value is an object") == true)
        #expect(syntaxError("[Infinity]")?.reason.contains("found 'Infinity'") == true)
    }

    @Test func errorsCallTheTextByTheNameTheCallerGives() {
        do {
            _ = try JSONParser.parse(Array(#"{"a":[1,2"#.utf8), textName: "body")
            Issue.record("a truncated text was read")
        } catch {
            #expect(error == JSONSyntaxError(line: 1, column: 10, offset: 9,
                                             reason: "the body ends where ',' or ']' in an array was expected (is it truncated?)"))
        }
    }

    @Test func bytesOutsideStringsThatAreNotJSONAreRefused() {
        let error = syntaxError([UInt8(ascii: "["), 0xC3, 0xA9, UInt8(ascii: "]")])
        #expect(error == JSONSyntaxError(line: 1, column: 2, offset: 1, reason: "expected a value, found byte 0xc3"))
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let depth = JSONParser.maximumDepth + 1
        let error = syntaxError(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        #expect(error?.reason == "nesting is deeper than \(JSONParser.maximumDepth) levels, the most this reader takes")
        #expect(error?.offset == JSONParser.maximumDepth)
        #expect(error?.column == JSONParser.maximumDepth + 1)
    }
}
