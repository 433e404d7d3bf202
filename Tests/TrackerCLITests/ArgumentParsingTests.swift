import Testing
import TrackerCore

@testable import tracker

/// The executable's own parsers, without a database or a process.
@Suite struct ArgumentParsingTests {
    @Test func jsonTakesAnOptionalFieldList() {
        #expect(JSONFieldsArgument.rewrite(["list", "--json"]) == ["list", "--json"])
        #expect(
            JSONFieldsArgument.rewrite(["list", "--json", "number,title"])
                == ["list", "--json", "--json-fields", "number,title"])
        #expect(
            JSONFieldsArgument.rewrite(["list", "--json=number"]) == ["list", "--json", "--json-fields", "number"])
        #expect(
            JSONFieldsArgument.rewrite(["list", "--json", "--state", "all"]) == ["list", "--json", "--state", "all"],
            "a flag after --json is not a field list")
        #expect(JSONFieldsArgument.rewrite(["show", "--json", "12"]) == ["show", "--json", "12"])
    }

    @Test func issueNumbersComeFirstThenTheRest() throws {
        let (numbers, rest) = try IssueArguments.split(["12", "#13", "alice", "@me"])
        #expect(numbers == [try IssueNumber(12), try IssueNumber(13)])
        #expect(rest == ["alice", "@me"])
    }

    @Test(arguments: [["alice", "12"], []])
    func wordsWithoutLeadingNumbersAreRefused(_ words: [String]) {
        #expect(
            throws: TrackerError.invalidInput(field: "issue number", rule: "start with the issue numbers, e.g. 12 13")
        ) {
            try IssueArguments.split(words)
        }
    }

    @Test func onlyAVersionRequestOnItsOwnSkipsTheParser() {
        #expect(TrackerVersion.isTheWholeRequest(["--version"]))
        #expect(TrackerVersion.isTheWholeRequest(["version"]))
        #expect(!TrackerVersion.isTheWholeRequest(["version", "--help"]), "the parser answers (or refuses) the rest")
        #expect(!TrackerVersion.isTheWholeRequest(["list", "--version"]))
        #expect(!TrackerVersion.isTheWholeRequest([]))
    }

    @Test func aNegativeOrHugeNumberIsRefusedNotTrapped() {
        #expect(throws: TrackerError.self) { try IssueArguments.split(["-1", "bob"]) }
        #expect(throws: TrackerError.self) { try IssueArguments.split(["99999999999999999999", "bob"]) }
    }
}
