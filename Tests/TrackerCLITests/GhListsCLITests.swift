import Foundation
import Testing
import TrackerTestSupport

/// Issue 33, through the real binary: every list pipes as gh's do, every multi-valued flag takes
/// commas, `@login` is read wherever a login is, and JSON is one document, pretty on a terminal
/// and on one line for a program, through `--jq` and `--template` too.
@Suite struct GhListsCLITests {
    /// A tracker with labels bug and p1, milestone v1.0, users tester and alice, issue 1.
    static func tracker() async throws -> TrackerProcess {
        let tracker = try await CLITests.tracker()
        for arguments in [
            ["label", "create", "bug", "--color", "d73a4a", "--description", "Broken"], ["label", "create", "p1"],
            ["milestone", "create", "v1.0", "--due", "2030-01-01"], ["users", "add", "alice", "--name", "Alice L"],
        ] {
            let done = try tracker.run(arguments)
            #expect(done.status == 0, "\(arguments): \(done.stderr)")
        }
        let created = try tracker.run(["create", "-t", "First", "-l", "bug,p1", "-a", "alice,@me", "-m", "1"])
        #expect(created.status == 0, "\(created.stderr)")
        return tracker
    }

    func onTerminal(_ tracker: TrackerProcess, width: Int = 100) -> TrackerProcess {
        var tracker = tracker
        tracker.environment["TRACKER_FORCE_TTY"] = "\(width)"
        return tracker
    }

    @Test func everyListPipesTabSeparatedFieldsWithNoHeader() async throws {
        let tracker = try await Self.tracker()
        let expected: [([String], [String])] = [
            (["label", "list"], ["bug\tBroken\t#d73a4a", "p1\t\t#"]),
            (["milestone", "list"], ["1\tv1.0\tOPEN\t1\t0\t0\t2030-01-01T00:00:00Z"]),
            (["users", "list"], ["alice\tAlice L", "tester\tTest Person"]),
            (["alias", "list"], []),
            (["config", "list"], ["database_url\t", "editor\t", "pager\t", "project\t"]),
        ]
        for (arguments, prefixes) in expected {
            let piped = try tracker.run(arguments)
            #expect(piped.status == 0, "\(arguments): \(piped.stderr)")
            let lines = piped.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == prefixes.count, "\(arguments): \(piped.stdout)")
            for (line, prefix) in zip(lines, prefixes) { #expect(line.hasPrefix(prefix), "\(arguments): \(line)") }
            #expect(!piped.stdout.contains("  "), "\(arguments) pads for a program: \(piped.stdout)")
            let table = try onTerminal(tracker).run(arguments)
            #expect(!table.stdout.contains("\t"), "\(arguments) on a terminal: \(table.stdout)")
            if !prefixes.isEmpty {
                // users list is a login and a name a line, lined up, with no header on a terminal either.
                let header = arguments == ["users", "list"] ? 0 : 1
                #expect(table.stdout.split(separator: "\n").count == prefixes.count + header, "\(table.stdout)")
            }
        }
        let issues = try tracker.run(["list"])
        #expect(issues.stdout.hasPrefix("1\tOPEN\tFirst\tbug, p1\talice, tester\ttester\t"), "\(issues.stdout)")
    }

    @Test func everyMultiValuedFlagTakesCommasAndRepeats() async throws {
        let tracker = try await Self.tracker()
        let shown = try tracker.run(["show", "1", "--json", "labels,assignees"])
        #expect(
            shown.stdout.contains("\"name\":\"bug\"") && shown.stdout.contains("\"name\":\"p1\""), "\(shown.stdout)")
        #expect(try tracker.run(["list", "--label", "bug,p1"]).stdout.hasPrefix("1\t"))
        #expect(try tracker.run(["list", "-l", "bug", "-l", "p1"]).stdout.hasPrefix("1\t"))
        let edited = try tracker.run(["edit", "1", "--remove-label", "bug, p1", "--remove-assignee", "alice,@me"])
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(
            try tracker.run(["list", "--json", "labels,assignees"]).stdout == "[{\"assignees\":[],\"labels\":[]}]\n")
        let added = try tracker.run(["edit", "1", "--add-label", "bug,p1", "--add-assignee", "alice"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try tracker.run(["list", "--label", "bug,p1", "--json", "number"]).stdout == "[{\"number\":1}]\n")
        let unknown = try tracker.run(["list", "--label", "bug,nope"])
        #expect(unknown.status == 65 && unknown.stderr.contains("no label 'nope'"), "\(unknown.stderr)")
    }

    @Test func atLoginIsReadWhereverALoginIsTaken() async throws {
        let tracker = try await Self.tracker()
        #expect(try tracker.run(["comment", "1", "--body", "cc @alice"]).status == 0)
        for arguments in [
            ["list", "--mention", "@alice"], ["list", "--assignee", "@alice"], ["list", "--author", "@tester"],
            ["list", "-a", "@ME"],
        ] {
            let listed = try tracker.run(arguments + ["--json", "number"])
            #expect(listed.status == 0 && listed.stdout == "[{\"number\":1}]\n", "\(arguments): \(listed.stderr)")
        }
        #expect(try tracker.run(["users", "add", "@carol"]).status == 0)
        #expect(try tracker.run(["assign", "1", "@carol"]).status == 0)
        #expect(try tracker.run(["list", "--assignee", "carol", "--json", "number"]).stdout == "[{\"number\":1}]\n")
        let acting = try tracker.run(["--as", "@tester", "list", "-a", "@me", "--json", "number"])
        #expect(acting.status == 0, "\(acting.stderr)")
    }

    @Test func jsonIsPrettyOnATerminalAndOneLineForAProgram() async throws {
        let tracker = try await Self.tracker()
        for arguments in [
            ["list", "--json", "number,title"], ["list", "-L", "0", "--json", "number,title"],
            ["show", "1", "--json", "number,title"], ["label", "list", "--json", "name"],
            ["users", "list", "--json", "login"], ["status", "--json", "number"],
            ["milestone", "list", "--json", "title"], ["config", "list", "--json", "key"],
        ] {
            let piped = try tracker.run(arguments)
            #expect(piped.status == 0, "\(arguments): \(piped.stderr)")
            #expect(piped.stdout.split(separator: "\n").count == 1, "\(arguments) for a program: \(piped.stdout)")
            #expect(try JSONSerialization.jsonObject(with: Data(piped.stdout.utf8)) is [Any] || arguments[0] != "list")
            let pretty = try onTerminal(tracker).run(arguments)
            #expect(pretty.stdout.contains("\n  "), "\(arguments) on a terminal: \(pretty.stdout)")
            let reparsed = try JSONSerialization.jsonObject(with: Data(pretty.stdout.utf8)) as? NSObject
            #expect(reparsed == (try JSONSerialization.jsonObject(with: Data(piped.stdout.utf8)) as? NSObject))
        }
        let streamed = try tracker.run(["list", "-L", "0", "--json", "number"])
        let paged = try tracker.run(["list", "--json", "number"])
        #expect(streamed.stdout == paged.stdout, "--limit no longer changes the layout")
    }

    @Test func jqAndTemplateFormatTheDocumentAsGhs() async throws {
        let tracker = try await Self.tracker()
        let titles = try tracker.run(["list", "--json", "number,title", "--jq", ".[].title"])
        #expect(titles.status == 0 && titles.stdout == "First\n", "\(titles.stderr)")
        let objects = try tracker.run(["list", "--json", "number,title", "-q", ".[0]"])
        #expect(objects.stdout == "{\"number\":1,\"title\":\"First\"}\n")
        let prettyObject = try onTerminal(tracker).run(["list", "--json", "number", "-q", ".[0]"])
        #expect(prettyObject.stdout == "{\n  \"number\": 1\n}\n", "\(prettyObject.stdout)")
        let template =
            "{{range .}}{{tablerow (printf \"#%d\" .number) .title (join \", \" (pluck \"name\" .labels))}}{{end}}"
        let rows = try tracker.run(["list", "--json", "number,title,labels", "--template", template])
        #expect(rows.status == 0 && rows.stdout == "#1\tFirst\tbug, p1\n", "\(rows.stdout) \(rows.stderr)")
        let aligned = try onTerminal(tracker).run([
            "label", "list", "--json", "name,color", "--template",
            "{{range .}}{{tablerow .name .color}}{{end}}",
        ])
        #expect(aligned.stdout.hasPrefix("bug  d73a4a\np1   "), "\(aligned.stdout)")
        let one = try tracker.run([
            "show", "1", "--json", "title,milestone", "--template", "{{.title}} in {{.milestone.title}}",
        ])
        #expect(one.stdout == "First in v1.0", "\(one.stdout)")
        for (arguments, status, said) in [
            (["list", "--jq", ".[]"], Int32(64), "add --json"),
            (["list", "--json", "--jq", ".["], 64, "invalid --jq: jq: error"),
            (
                ["list", "--json", "--template", "{{range .}}"], 64,
                "invalid --template: '{{range .}}' has no '{{end}}'"
            ),
            (["list", "--json", "--template", "{{nope .}}"], 64, "no function 'nope'"),
        ] {
            let refused = try tracker.run(arguments)
            #expect(refused.status == status && refused.stderr.contains(said), "\(arguments): \(refused.stderr)")
            #expect(refused.stdout.isEmpty && refused.stderr.split(separator: "\n").count == 1)
        }
        var noJQ = tracker
        noJQ.environment["PATH"] = "/nowhere"
        let missing = try noJQ.run(["list", "--json", "--jq", "."])
        #expect(
            missing.status == 69 && missing.stderr.contains("jq program, which is not installed"), "\(missing.stderr)")
    }
}
