import Testing

@testable import tracker

/// gh's aliases, read before the parser: the first word expanded, `$N` taken from the words after
/// it, the rest appended; an expansion split as a shell splits words, never run by one.
@Suite struct AliasExpansionTests {
    let aliases = ["bugs": "list --label bug", "by": "list --author $1 --state $2", "q": "list -S \"needs review\""]

    @Test func theFirstWordIsExpandedAndTheRestFollows() throws {
        #expect(
            try AliasExpansion.expand(["bugs", "-s", "all"], aliases: aliases) == [
                "list", "--label", "bug", "-s", "all",
            ])
        #expect(
            try AliasExpansion.expand(["by", "alice", "closed", "-L", "3"], aliases: aliases)
                == ["list", "--author", "alice", "--state", "closed", "-L", "3"])
        #expect(try AliasExpansion.expand(["q"], aliases: aliases) == ["list", "-S", "needs review"])
        #expect(
            try AliasExpansion.expand(["list", "bugs"], aliases: aliases) == ["list", "bugs"], "only the first word")
        #expect(try AliasExpansion.expand([], aliases: aliases).isEmpty)
    }

    @Test func wordsAreSplitAsAShellSplitsThem() throws {
        #expect(
            try AliasExpansion.words(#"list -S 'a "b"' --label x\ y"#) == ["list", "-S", #"a "b""#, "--label", "x y"])
        #expect(try AliasExpansion.words("  list  ") == ["list"])
        #expect(try AliasExpansion.words("list ''") == ["list", ""])
        #expect(throws: (any Error).self) { try AliasExpansion.words("list 'open") }
    }

    @Test func anUnknownOptionOfAGhHabitIsAnsweredWithTrackersWay() {
        #expect(
            OptionSuggestions.improve("Unknown option '--user'. Did you mean '--sort'?")
                == "Unknown option '--user'. Did you mean '--as'?")
        let parser = "Unknown option '--asignee'. Did you mean '--assignee'?"
        #expect(OptionSuggestions.improve(parser) == parser)
    }
}
