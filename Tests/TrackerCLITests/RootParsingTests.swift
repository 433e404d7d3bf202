import ArgumentParser
import Testing

@testable import tracker

/// Issue 34: a command line that cannot ask for help or a completion script is parsed without
/// swift-argument-parser's completion-script check (two more parses of the arguments on every
/// run); every other line, and any line that parse refuses, by the documented root. Serialized:
/// while one test parses a plain line the root carries the super-command name, which the other
/// test checks is gone.
@Suite(.serialized) struct RootParsingTests {
    @Test func aPlainCommandLineIsParsedWithoutTheCompletionCheck() throws {
        for arguments in [["list"], ["list", "--limit", "5", "--state", "all"], ["show", "12"], ["status"]] {
            let (command, checked) = try RootParsing.parsed(arguments)
            #expect(!checked, "\(arguments)")
            #expect(Tracker.configuration._superCommandName == nil, "the root is given back as documented")
            if arguments.count == 5 {
                let list = try #require(command as? ListCommand)
                #expect(list.limit == 5 && list.state == "all")
            }
        }
        let created = try RootParsing.parsed(["create", "--title", "Written", "--body", "b"])
        #expect(!created.checkedForCompletions && (created.command as? CreateCommand)?.title == "Written")
    }

    @Test func helpCompletionsAndRefusedLinesGoThroughTheDocumentedRoot() throws {
        for arguments in [
            ["--generate-completion-script", "bash"], ["--generate-completion-script=zsh"], ["list", "--help"],
            ["help", "list"], ["show", "-h"], ["--experimental-dump-help"],
        ] {
            #expect(!arguments.allSatisfy(RootParsing.cannotAskForHelpOrCompletions), "\(arguments)")
            // Help is a command the parser returns; a completion script or a dump, an error it throws.
            if let parsed = try? RootParsing.parsed(arguments) { #expect(parsed.checkedForCompletions, "\(arguments)") }
        }
        let refused = #expect(throws: (any Error).self) { try RootParsing.parsed(["list", "--limt", "5"]) }
        #expect(Tracker.message(for: try #require(refused)).contains("--limt"), "the documented root's message")
        #expect(Tracker.configuration._superCommandName == nil)
    }
}
