import Foundation
import StoreLedger
import StorefrontTesting
import Testing

/// The shell words of advised commands: left alone when plain, quoted otherwise, and read back
/// by a real POSIX shell as exactly the text they came from.
@Suite("Shell words in advised commands")
struct ShellWordTests {
    @Test("plain words stay as they are", arguments: ["postgresql://qa@db.example:5433/shop", "/home/qa/.config/storefront/stores/db-5432-shop.key",
                                                      "host=db", "a,b:1%2F@x"])
    func plainWordsStay(word: String) {
        #expect(ShellWord.quoted(word) == word)
    }

    @Test("anything a shell reads specially is quoted, and the shell reads back the very text")
    func quotedWordsReadBack() throws {
        let words = ["postgresql://qa@:5499/a b?host=/tmp/x", "o'neil", "it's \"quoted\"", "$HOME", "`id`", "$(id)", "*", "[ab]",
                     "~/x", "a;b", "a|b&c", "back\\slash", "!event", "José", "=zsh", "", "''"]
        for word in words {
            #expect(ShellWord.quoted(word) != word, "\(word.debugDescription) is quoted")
        }
        #expect(ShellWord.quoted("o'neil") == #"'o'\''neil'"#)
        let line = "say " + words.map(ShellWord.quoted).joined(separator: " ")
        #expect(try PastedCommand.arguments(passedTo: "say", by: line) == words)
    }

    @Test("a word with control characters is written $'…' with them escaped, which the interactive shells advice is pasted into read back (raw, a terminal shows them as spaces)")
    func controlCharactersReadBackInBash() throws {
        // A bidi control and a line separator too, which the terminal's words drop or show as a
        // space (before: quoted raw, so the pasted command named "evil" or "ls x").
        let words = ["tab\there", "line\nbreak", "it's\u{1b}[31m \\ x", "c1\u{85}end", "\u{202E}evil", "ls\u{2028}x"]
        #expect(ShellWord.quoted("line\nbreak") == #"$'line\nbreak'"#)
        #expect(ShellWord.quoted("\u{202E}evil") == #"$'\xE2\x80\xAEevil'"#)
        for word in words {
            let quoted = ShellWord.quoted(word)
            #expect(!quoted.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value > 0x7F },
                    "\(quoted.debugDescription)")
        }
        let line = "say " + words.map(ShellWord.quoted).joined(separator: " ")
        #expect(try PastedCommand.arguments(passedTo: "say", by: line, shell: "/bin/bash") == words)
    }

    @Test("a file put in its own place by copying is one command the shell reads with the path whole")
    func copyInPlaceQuotesBothPaths() throws {
        let command = ShellWord.copyInPlace("/tmp/team room/store.key", through: ".mine")
        #expect(command == "cp '/tmp/team room/store.key' '/tmp/team room/store.key.mine' && mv '/tmp/team room/store.key.mine' "
            + "'/tmp/team room/store.key'")
        #expect(ShellWord.copyInPlace("/tmp/x.key", through: ".copy") == "cp /tmp/x.key /tmp/x.key.copy && mv /tmp/x.key.copy /tmp/x.key")
    }
}
