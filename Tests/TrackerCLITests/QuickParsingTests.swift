import ArgumentParser
import Testing
import TrackerTestSupport

@testable import tracker

/// Issue 34: the hot commands' plain lines are read without swift-argument-parser's reflection
/// (`QuickParsing`). Whatever it reads must be the very command the parser makes (every property,
/// compared by `dump`, which shows an unset property as a definition where the parser's has a
/// value); whatever the parser refuses, it must leave to the parser.
@Suite struct QuickParsingTests {
    @Test func plainLinesOfEveryHotCommandAreReadAsTheParserReadsThem() throws {
        let lines: [[String]] = [
            ["list"], ["list", "--state", "closed", "-a", "@me", "--sort", "updated", "--asc", "-L", "5"],
            ["list", "-l", "bug", "--label", "ui,docs", "-m", "v1", "-S", "crash login", "--json"],
            ["list", "--json", "--json-fields", "number,title", "--jq", ".[]", "-R", "web", "--no-pager"],
            ["list", "--limit=7", "--author=bob", "--mention", "alice", "--ready", "--overdue", "--verbose"],
            ["list", "--all-projects", "--no-assignee", "--database-url", "postgres://h/db", "--as", "carol"],
            ["list", "--parent", "3", "--blocked", "--after", "9", "--template", "{{.title}}", "--json"],
            ["show", "12"], ["show", "web#12", "--comments", "--no-pager"], ["show", "3", "--history", "--json"],
            ["view", "4"], ["status"], ["status", "-L", "3", "--json"],
            ["create", "-t", "Title", "-b", "Body", "-a", "alice,bob", "-a", "@me", "-l", "bug", "-m", "v1"],
            ["create", "--title=T", "--priority", "P1", "--due", "2026-12-31", "--parent", "2", "-R", "api"],
            ["create", "--title", "x", "--body-file", "notes.md", "--json"],
            ["assign", "12", "alice", "bob"], ["assign", "12", "13", "@me", "-R", "web"],
            ["unassign", "12", "--all"], ["unassign", "12", "bob"],
            ["close", "12"], ["close", "7", "8", "--reason", "not-planned"], ["close", "12", "-c", "Fixed"],
            ["close", "12", "--duplicate-of", "9"], ["reopen", "12", "13"],
        ]
        for line in lines {
            let quick = try #require(QuickParsing.command(line), "\(line) is plain: read quickly")
            #expect(dumped(quick) == dumped(try Tracker.parseAsRoot(line)), "\(line)")
        }
    }

    @Test func eachCommandAnswersToTheNamesItsConfigurationGives() {
        for type in QuickParsing.commands {
            #expect(type.quickNames == [type._commandName] + type.configuration.aliases, "\(type)")
        }
    }

    @Test func linesThatNeedTheParserAreLeftToIt() {
        for line in [
            ["list", "--help"], ["list", "-h"], ["show", "12", "--help"], ["list", "--limt", "5"],
            ["list", "--search", "-crash"], ["list", "-L", "-1"], ["list", "-L", "many"], ["list", "--", "x"],
            ["list", "--state", "open", "--state", "closed"], ["list", "--json", "--json"], ["list", "extra"],
            ["list", "--json=number"], ["list", "-s=open"], ["show"], ["show", "1", "2"], ["close"], ["reopen"],
            ["list", "--blocked", "--ready"], ["list", "--jq", ".x"], ["show", "1", "--history", "--comments"],
            ["create", "-b", "no title"], ["close", "1", "2", "-c", "one at a time"], ["create", "-F", "-"],
            ["list", "-R", "not a key!"], ["label", "list"], ["ls"], ["new"], ["--verbose", "list"],
        ] {
            #expect(QuickParsing.command(line) == nil, "\(line)")
        }
    }

    /// Random lines from each command's options, values and stray words: whenever the quick reader
    /// takes a line, the parser takes it too and makes the same command; when the parser refuses
    /// one, the quick reader has left it.
    @Test func randomLinesAgreeWithTheParser() throws {
        var random = SeededGenerator(seed: 34)
        let values = [
            "x", "open", "closed", "all", "12", "0", "5", "a=b", "", "@me", "none", "web", "number,title",
            "-crash", "P1", "2026-12-31", "updated", "not-planned", "{{.title}}", ".[]", "two words",
        ]
        var read = 0
        for _ in 0..<1000 {
            let type = random.pick(QuickParsing.commands)
            var line = [random.pick([type._commandName] + type.configuration.aliases)]
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                if random.chance(15) {
                    line.append(random.pick(["12", "web#3", "alice", "-x", "--", "--help"]))
                    continue
                }
                let option = random.pick(type.quickOptions)
                let name = random.pick(option.names)
                if option.kind == .flag {
                    line.append(name)
                } else if name.hasPrefix("--") && random.chance(30) {
                    line.append("\(name)=\(random.pick(values))")
                } else {
                    line += [name, random.pick(values)]
                }
            }
            let parsed = try? Tracker.parseAsRoot(line)
            guard let quick = QuickParsing.command(line) else { continue }
            read += 1
            let full = try #require(parsed, "\(line): read quickly, refused by the parser")
            #expect(dumped(quick) == dumped(full), "\(line)")
        }
        #expect(read > 100, "the quick reader took \(read) of 1000 lines")
    }

    private func dumped(_ command: Any) -> String {
        var text = ""
        dump(command, to: &text)
        return text
    }
}
