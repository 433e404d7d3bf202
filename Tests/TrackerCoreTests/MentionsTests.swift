import Testing
import TrackerCore

@Suite struct MentionsTests {
    private func mentioned(_ text: String) -> [String] { Mentions.logins(in: text).map(\.value) }

    @Test func loginsAfterAnAtAreMentionedOnceEach() {
        #expect(mentioned("@alice, thoughts? cc @Bob-2 and @ALICE") == ["alice", "Bob-2"])
        #expect(mentioned("(@carol) @dave.") == ["carol", "dave"])
        #expect(mentioned("@bob- says hi") == ["bob"])
    }

    @Test func addressesAndPathsMentionNobody() {
        #expect(mentioned("mail me@example.com or see a/@b and x_@y") == [])
        #expect(mentioned("@ alone, @-dash, @1digit") == [])
    }

    @Test func codeSpansAndFencedBlocksMentionNobody() {
        #expect(mentioned("run `@alice` then ``a ` @bob`` but @carol") == ["carol"])
        #expect(mentioned("```\n@alice\n```\n~~~swift\n@bob\n~~~\n@carol") == ["carol"])
        #expect(mentioned("an unclosed ` then @dave") == ["dave"])
    }
}
