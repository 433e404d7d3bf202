import Foundation
import Testing
import TrackerTestSupport

/// `tracker status` and `list --mention`, through the built binary.
@Suite struct StatusCLITests {
    /// tester opened #1 and #2; alice opened #3 assigned to tester; bob opened #4 mentioning
    /// @Tester and #5 mentioned in a comment; #6 is closed, assigned to tester and mentioning them.
    static func tracker() async throws -> TrackerProcess {
        let tracker = try await LifecycleCLITests.tracker()
        try tracker.run(["close", "3"])
        try tracker.run(["create", "--title", "Assigned to tester", "--assignee", "tester", "--as", "alice"])
        try tracker.run(["create", "--title", "Mentions tester", "--body", "ping @Tester", "--as", "bob"])
        try tracker.run(["create", "--title", "Mentioned in a comment", "--as", "bob"])
        try tracker.run(["comment", "6", "--body", "@tester can you look?", "--as", "alice"])
        try tracker.run(["create", "--title", "Closed", "--body", "@tester", "--assignee", "tester", "--as", "bob"])
        try tracker.run(["close", "7", "--as", "bob"])
        return tracker
    }

    func numbers(_ section: Any?) -> [Int] {
        ((section as? [String: Any])?["issues"] as? [[String: Any]] ?? []).compactMap { $0["number"] as? Int }
    }

    @Test func statusShowsTheThreeSections() async throws {
        let tracker = try await StatusCLITests.tracker()
        let outcome = try tracker.run(["status"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "Issues assigned to you")
        #expect(lines[1].hasPrefix("  #4  Assigned to tester") && lines[1].hasSuffix("updated just now"))
        let mentioned = try #require(lines.firstIndex(of: "Issues that mention you"))
        #expect(lines[mentioned + 1].hasPrefix("  #6  Mentioned in a comment"))
        #expect(lines[mentioned + 2].hasPrefix("  #5  Mentions tester"))
        let opened = try #require(lines.firstIndex(of: "Issues opened by you"))
        #expect(lines[opened + 1].hasPrefix("  #2  Crash on start"), "most recently updated first")
        #expect(lines[opened + 2].hasPrefix("  #1  Login fails"))
        #expect(!outcome.stdout.contains("#3") && !outcome.stdout.contains("#7"), "only open issues")

        let limited = try tracker.run(["status", "--limit", "1"]).stdout
        #expect(limited.contains("  … and 1 more"))

        let quiet = try tracker.run(["status", "--as", "bob"]).stdout
        #expect(quiet.contains("Issues assigned to you\n  There are no issues assigned to you\n"))
        #expect(quiet.contains("Issues that mention you\n  There are no issues mentioning you\n"))
    }

    @Test func statusAsJSON() async throws {
        let tracker = try await StatusCLITests.tracker()
        let outcome = try tracker.run(["status", "--json", "--limit", "1"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["assigned", "mentioned", "opened"])
        #expect(numbers(object["assigned"]) == [4] && numbers(object["mentioned"]) == [6])
        #expect(numbers(object["opened"]) == [2])
        #expect((object["mentioned"] as? [String: Any])?["totalCount"] as? Int == 2)
        #expect((object["opened"] as? [String: Any])?["totalCount"] as? Int == 2)
        let issue = try #require(((object["assigned"] as? [String: Any])?["issues"] as? [[String: Any]])?.first)
        #expect(issue["title"] as? String == "Assigned to tester" && issue["state"] as? String == "OPEN")
        #expect((issue["author"] as? [String: String])?["login"] == "alice")

        let picked = try tracker.run(["status", "--json", "number,title"])
        let section = try #require(
            (try JSONSerialization.jsonObject(with: Data(picked.stdout.utf8)) as? [String: Any])?["opened"]
                as? [String: Any])
        #expect(Set((section["issues"] as? [[String: Any]])?.first?.keys ?? [:].keys) == ["number", "title"])
        #expect(try tracker.run(["status", "--limit", "0"]).status == 64)
    }

    @Test func listByMention() async throws {
        let tracker = try await StatusCLITests.tracker()
        func numbers(_ arguments: [String]) throws -> [Int] {
            let outcome = try tracker.run(["list", "--json", "number"] + arguments)
            #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
            let array = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Int]]
            return (array ?? []).compactMap { $0["number"] }
        }
        #expect(try numbers(["--mention", "tester"]) == [6, 5])
        #expect(try numbers(["--mention", "@me", "--state", "all"]) == [7, 6, 5])
        #expect(try numbers(["--mention", "TESTER", "--state", "closed"]) == [7])
        #expect(try numbers(["--mention", "alice"]).isEmpty)
        let unknown = try tracker.run(["list", "--mention", "nobody"])
        #expect(
            unknown.status == 65 && unknown.stderr.contains("no user 'nobody'"), "unregistered: refused, as --author")
        let bad = try tracker.run(["list", "--mention", "bad_login"])
        #expect(bad.status == 65 && bad.stderr.split(separator: "\n").count == 1)
        let lines = try tracker.run(["list", "--mention", "@me"]).stdout
        #expect(lines.contains("\tMentions tester\t") && !lines.contains("Login fails"))
    }
}
