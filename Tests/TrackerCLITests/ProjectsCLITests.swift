import ChildProcesses
import Foundation
import Testing
import TrackerTestSupport

/// Projects through the built binary (issue 31): numbering per project, each way of choosing one
/// (flag, TRACKER_PROJECT, a .tracker file, a git clone's origin, the default) with `tracker
/// project` saying why, moves with the pointer left behind, archiving, status across projects,
/// and refusals in one line.
@Suite struct ProjectsCLITests {
    func titles(_ tracker: TrackerProcess, _ arguments: [String] = []) throws -> [String] {
        let listed = try tracker.run(arguments + ["list", "--state", "all", "--json", "number,title"])
        #expect(listed.status == 0, "\(arguments): \(listed.stderr)")
        let rows = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
        return rows.map { "\($0["number"] ?? "?") \($0["title"] ?? "?")" }
    }

    static func folder() throws -> URL {
        let base = ProcessInfo.processInfo.environment["TRACKER_TEST_TMPDIR"] ?? NSTemporaryDirectory()
        let folder = URL(fileURLWithPath: base).appending(path: "projects-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appending(path: "deep/er"), withIntermediateDirectories: true)
        return folder
    }

    @Test func eachProjectNumbersItsOwnIssuesAndEveryWayOfChoosingOneWorks() async throws {
        var tracker = try await CLITests.tracker()
        // Outside any git clone (the tests' own folder may be one, with an origin of its own).
        let outside = try Self.folder()
        defer { try? FileManager.default.removeItem(at: outside) }
        tracker.folder = outside.path
        #expect(try tracker.run(["create", "-t", "Default's first"]).status == 0)
        let created = try tracker.run(["project", "create", "web", "--name", "Web app", "--no-remote"])
        #expect(created.status == 0 && created.stdout == "Created project web (Web app)\n", "\(created.stderr)")
        let api = try tracker.run(["project", "create", "API", "--remote", "git@github.com:Acme/Api.git"])
        #expect(api.status == 0, "\(api.stderr)")

        #expect(try tracker.run(["-R", "web", "create", "-t", "Web's first"]).stdout == "Created issue web#1\n")
        #expect(
            try tracker.run(["create", "-t", "Web's second", "--project", "WEB"]).stdout == "Created issue web#2\n")
        var inApi = tracker
        inApi.environment["TRACKER_PROJECT"] = "api"
        #expect(try inApi.run(["create", "-t", "API's first"]).stdout == "Created issue api#1\n")
        #expect(try titles(tracker) == ["1 Default's first"], "no -R: the default project, as before projects")
        #expect(try titles(tracker, ["-R", "web"]) == ["2 Web's second", "1 Web's first"])
        #expect(try titles(inApi) == ["1 API's first"])
        #expect(try titles(inApi, ["-R", "web"]).count == 2, "the flag wins over TRACKER_PROJECT")
        #expect(try tracker.run(["project"]).stdout.hasSuffix(": the tracker's default project\n"))
        #expect(try inApi.run(["project"]).stdout == "api (api): named by TRACKER_PROJECT\n")
        #expect(try tracker.run(["-R", "web", "project"]).stdout == "web (Web app): named by -R/--project\n")

        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "# committed with the code\nproject = \"web\"\n".write(
            to: folder.appending(path: ".tracker"), atomically: true, encoding: .utf8)
        tracker.folder = folder.appending(path: "deep/er").path
        #expect(try titles(tracker).count == 2, "a .tracker file in a parent folder chooses web")
        let said = try tracker.run(["project"]).stdout
        #expect(said == "web (Web app): named by \(folder.appending(path: ".tracker").path)\n", "\(said)")

        let clone = try Self.folder()
        defer { try? FileManager.default.removeItem(at: clone) }
        for arguments in [
            ["init", "-q", clone.path], ["-C", clone.path, "remote", "add", "origin", "https://github.com/acme/api"],
        ] {
            let git = try ChildProcess.run("/usr/bin/git", arguments, environment: ["HOME": clone.path])
            #expect(git.status == 0, "git \(arguments): \(String(decoding: git.stderr, as: UTF8.self))")
        }
        tracker.folder = clone.appending(path: "deep/er").path
        #expect(try titles(tracker) == ["1 API's first"], "https and ssh forms of one repository match")
        #expect(
            try tracker.run(["project"]).stdout
                == "api (api): its remote is this clone's origin (https://github.com/acme/api)\n")
        let another = try tracker.run(["project", "create", "other"])
        #expect(another.stdout == "Created project other (other)\n", "api has this origin: \(another.stderr)")
        let fresh = try Self.folder()
        defer { try? FileManager.default.removeItem(at: fresh) }
        for arguments in [
            ["init", "-q", fresh.path], ["-C", fresh.path, "remote", "add", "origin", "git@github.com:acme/app.git"],
        ] {
            #expect(try ChildProcess.run("/usr/bin/git", arguments, environment: ["HOME": fresh.path]).status == 0)
        }
        tracker.folder = fresh.path
        let app = try tracker.run(["project", "create", "app"])
        #expect(
            app.stdout == "Created project app (app), chosen in clones of git@github.com:acme/app.git\n",
            "\(app.stderr)")
        #expect(try tracker.run(["project"]).stdout.hasPrefix("app (app): its remote is this clone's origin"))
        tracker.folder = clone.appending(path: "deep/er").path
        try "project = \"web\"\n".write(to: clone.appending(path: ".tracker"), atomically: true, encoding: .utf8)
        #expect(try titles(tracker).count == 2, "a .tracker file wins over the remote")

        tracker.folder = outside.path
        let listed = try tracker.run(["project", "list", "--json", "key,remote,default"]).stdout
        #expect(listed.contains("\"key\":\"api\"") && listed.contains("git@github.com:Acme/Api.git"), "\(listed)")
    }

    @Test func theInteractiveListSaysWhichProjectItShowsWhenThereAreSeveral() async throws {
        let tracker = try await CLITests.tracker()
        #expect(try tracker.run([], stdin: "q\n").stdout.contains("Issues · state:open · page 1"), "one project")
        #expect(try tracker.run(["project", "create", "web", "--no-remote"]).status == 0)
        let session = try tracker.run(["-R", "web"], stdin: "q\n")
        #expect(session.stdout.contains("Issues in web · state:open · page 1"), "\(session.stdout)")
        #expect(try tracker.run(["-R", "web", "create", "-t", "Web's first"]).status == 0)

        let home = try Self.defaultKey(tracker)
        let switched = try tracker.run([], stdin: "project web\n3\nproject nope\n1\nproject\n\(home)\n1\ndone\nq\n")
        #expect(
            Self.inOrder(
                switched.stdout,
                [
                    "Issues in \(home)", "Issues in web", "#1  Web's first", "[3 Milestones]",
                    "! no project 'nope': see `tracker project list`", "[3 Milestones]", "Issues in web",
                    "Project to open (pick one, then done): none", "Project to open (pick one, then done): \(home)",
                    "Issues in \(home)",
                ]), "\(switched.stdout)")
    }

    /// gh's habit: `import -R web` fills one project from an export of another, numbers kept.
    @Test func anExportOfOneProjectImportsIntoAnother() async throws {
        let tracker = try await CLITests.tracker()
        for title in ["One", "Two"] { #expect(try tracker.run(["create", "-t", title, "-b", "@tester"]).status == 0) }
        #expect(try tracker.run(["comment", "2", "-b", "Said once"]).status == 0)
        #expect(try tracker.run(["project", "create", "web", "--no-remote"]).status == 0)
        let exported = try tracker.run(["export"])
        #expect(exported.status == 0, "\(exported.stderr)")
        let imported = try tracker.run(["import", "-R", "web", "-"], stdin: exported.stdout)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try titles(tracker, ["-R", "web"]) == ["2 Two", "1 One"])
        #expect(try tracker.run(["show", "web#2", "--comments"]).stdout.contains("Said once"))
        #expect(try tracker.run(["-R", "web", "export"]).stdout.count > 0)
        #expect(try titles(tracker) == ["2 Two", "1 One"], "the default project is as it was")
    }

    @Test func aMovedIssueKeepsItsTimelineAndItsOldNumberPointsToIt() async throws {
        let tracker = try await CLITests.tracker()
        #expect(try tracker.run(["project", "create", "web", "--no-remote"]).status == 0)
        #expect(try tracker.run(["label", "create", "bug"]).status == 0)
        #expect(try tracker.run(["-R", "web", "label", "create", "Bug"]).status == 0)
        #expect(try tracker.run(["-R", "web", "create", "-t", "Already there"]).status == 0)
        #expect(try tracker.run(["create", "-t", "Wrong place", "-l", "bug", "-a", "tester"]).status == 0)
        #expect(try tracker.run(["comment", "1", "-b", "Said before the move"]).status == 0)

        let moved = try tracker.run(["move", "1", "web"])
        #expect(
            moved.status == 0 && moved.stdout == "Moved issue #1 to web#2 (the old number points there)\n",
            "\(moved.stderr)")
        let shown = try tracker.run(["-R", "web", "show", "2", "--comments"]).stdout
        #expect(shown.contains("Wrong place") && shown.contains("Said before the move"), "\(shown)")
        #expect(shown.contains("Labels: Bug") && shown.contains("Assignees: tester"), "\(shown)")
        let old = try tracker.run(["show", "1"])
        #expect(old.status == 65 && old.stderr == "tracker: issue #1 was moved to web#2: tracker show web#2\n")
        #expect(try tracker.run(["show", "web#2"]).stdout.contains("Wrong place"), "web#12 names the project")
        #expect(try tracker.run(["comment", "WEB-2", "-b", "Jira's spelling"]).status == 0)
        #expect(try tracker.run(["assign", "web#2", "web#1", "tester"]).status == 0)
        let twoProjects = try tracker.run(["close", "web#2", "api#1"])
        #expect(twoProjects.status == 65 && twoProjects.stderr.contains("one command works in one project"))
        let otherFlag = try tracker.run(["-R", "api", "show", "web#2"])
        #expect(otherFlag.status == 65 && otherFlag.stderr.contains("give one project"), "\(otherFlag.stderr)")
        let closing = try tracker.run(["close", "1"])
        #expect(closing.status == 65 && closing.stderr.contains("was moved to web#2"), "\(closing.stderr)")
        let next = try tracker.run(["create", "-t", "Next"]).stdout
        #expect(next == "Created issue \(try Self.defaultKey(tracker))#2\n", "numbers are never reused")

        let back = try tracker.run(["-R", "web", "move", "2", "web"])
        #expect(back.status == 65 && back.stderr.contains("already in project web"), "\(back.stderr)")
        let nowhere = try tracker.run(["move", "2", "nope"])
        #expect(nowhere.status == 65 && nowhere.stderr.split(separator: "\n").count == 1)
    }

    @Test func anArchivedProjectIsReadOnlyAndStatusCoversEveryProject() async throws {
        let tracker = try await CLITests.tracker()
        #expect(try tracker.run(["create", "-t", "Mine here", "-a", "tester"]).status == 0)
        #expect(try tracker.run(["project", "create", "web", "--name", "Web app", "--no-remote"]).status == 0)
        #expect(try tracker.run(["-R", "web", "create", "-t", "Mine in web", "-a", "tester"]).status == 0)

        let status = try tracker.run(["status"]).stdout
        #expect(
            status.contains("Mine here")
                && status.contains("web (Web app)\n  Issues assigned to you\n    #1  Mine in web"), "\(status)")
        let json = try tracker.run(["status", "--json", "number,title"]).stdout
        #expect(json.contains("\"projects\"") && json.contains("Mine in web"), "\(json)")

        let everywhere = try tracker.run(["list", "--all-projects"])
        #expect(everywhere.status == 0, "\(everywhere.stderr)")
        let rows = everywhere.stdout.split(separator: "\n").map {
            $0.split(separator: "\t").prefix(3).joined(separator: " ")
        }
        #expect(rows == ["web#1 OPEN Mine in web", "\(try Self.defaultKey(tracker))#1 OPEN Mine here"], "\(rows)")
        let everywhereJSON = try tracker.run(["list", "--all-projects", "--json", "number,title"]).stdout
        #expect(everywhereJSON.contains("\"project\":\"web\""), "\(everywhereJSON)")
        let labelled = try tracker.run(["list", "--all-projects", "--label", "bug"])
        #expect(labelled.status == 64 && labelled.stderr.contains("--all-projects"), "\(labelled.stderr)")

        #expect(try tracker.run(["project", "archive", "web"]).status == 0)
        let refused = try tracker.run(["-R", "web", "create", "-t", "Too late"])
        #expect(refused.status == 77 && refused.stderr.contains("project web is archived"), "\(refused.stderr)")
        #expect(try tracker.run(["-R", "web", "list"]).stdout.contains("Mine in web"), "reads go on")
        #expect(try tracker.run(["project", "list"]).stdout.contains("web\tWeb app\t\tarchived\n"))
        #expect(try tracker.run(["project", "unarchive", "web"]).status == 0)
        #expect(try tracker.run(["-R", "web", "create", "-t", "Open again"]).status == 0)

        let unknown = try tracker.run(["-R", "nope", "list"])
        #expect(
            unknown.status == 65
                && unknown.stderr
                    == "tracker: no project 'nope': see `tracker project list`, or create it with `tracker project create nope`\n"
        )
        let bad = try tracker.run(["-R", "a b", "list"])
        #expect(bad.status == 64 && bad.stderr.split(separator: "\n").count == 1, "\(bad.stderr)")
        let taken = try tracker.run(["project", "create", "WEB"])
        #expect(taken.status == 65 && taken.stderr.contains("project web already exists"), "\(taken.stderr)")
        let archivingDefault = try tracker.run(["project", "archive", try Self.defaultKey(tracker)])
        #expect(archivingDefault.status == 65 && archivingDefault.stderr.contains("the default stays open"))
    }

    /// Whether `texts` appear in `output` in this order.
    static func inOrder(_ output: String, _ texts: [String]) -> Bool {
        var rest = output[...]
        for text in texts {
            guard let found = rest.range(of: text) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }

    static func defaultKey(_ tracker: TrackerProcess) throws -> String {
        String(try tracker.run(["project"]).stdout.prefix { $0 != " " })
    }
}
