import Foundation
import Testing
import TrackerTestSupport

/// `tracker list --search` (and `-S`, and the list screen's `/`) in any language, with gh's
/// syntax, through the built binary.
@Suite struct SearchCLITests {
    /// Issues 1–6; #4 has a comment that mentions a crash, #6 one about the login button.
    static func tracker() async throws -> TrackerProcess {
        let tracker = try await CLITests.tracker()
        for (title, body) in SearchSamples.texts {
            let created = try tracker.run(["create", "--title", title, "--body", body])
            #expect(created.status == 0, "\(created.stderr)")
        }
        #expect(try tracker.run(["comment", "5", "--body", "Seen a crash once"]).status == 0)
        #expect(try tracker.run(["comment", "6", "--body", "The login button is grey"]).status == 0)
        return tracker
    }

    func found(_ tracker: TrackerProcess, _ arguments: [String]) throws -> [Int] {
        let listed = try tracker.run(["list", "--json", "number"] + arguments)
        #expect(listed.status == 0 && listed.stderr.isEmpty, "\(arguments): \(listed.stderr)")
        let rows = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Int]]
        return (rows ?? []).compactMap { $0["number"] }
    }

    @Test func anyScriptAndAccentsBothWays() async throws {
        let tracker = try await Self.tracker()
        let cases: [(String, [Int])] = [
            ("ログイン", [1]), ("イン失", [1]), ("失", [1]), ("空のとき", [1]), ("ログ失敗", []),
            ("ОШИБКА", [3]), ("входа систему", [3]),
            ("cafe", [3, 2]), ("CAFÉ", [3, 2]), ("creme brulee", [2]), ("brûlée", [2]),
        ]
        for (search, expected) in cases {
            #expect(try found(tracker, ["--search", search]) == expected, "\(search)")
        }
        #expect(try found(tracker, ["-S", "ログイン"]) == [1], "gh's short flag")
        #expect(try found(tracker, ["--search", "ログイン", "--limit", "0"]) == [1], "streamed, the same rules")
    }

    @Test func phrasesExclusionsOrAndComments() async throws {
        let tracker = try await Self.tracker()
        let cases: [(String, [Int])] = [
            ("\"login fails\"", [4]), ("\"fails login\"", []), ("fails login", [4]),
            ("login", [6, 5, 4]), ("login -crash", [6]), ("login -\"crash once\"", [6, 4]),
            ("-crash", [6, 3, 2, 1]), ("signin OR ログイン", [6, 1]), ("works OR fails login", [5, 4]),
            ("grey button", [6]), ("signin grey", []), ("crashing passwords", [4]),
        ]
        for (search, expected) in cases {
            #expect(try found(tracker, ["--search", search]) == expected, "\(search)")
        }
        #expect(try found(tracker, ["-S", "-crash", "--state", "all"]) == [6, 3, 2, 1], "a search may start with -")
    }

    @Test func theListScreensSearchFollowsTheSameRules() async throws {
        let tracker = try await Self.tracker()
        let screen = try tracker.run([], stdin: "/ ログイン -パスワード\n/ cafe\nq\n")
        #expect(screen.status == 0, "\(screen.stderr)")
        let screens = screen.stdout.components(separatedBy: "[1 Issues]")
        #expect(screens.count == 4, "the list, then one page per search: \(screen.stdout)")
        guard screens.count == 4 else { return }
        #expect(screens[1].contains("ログイン失敗"))
        #expect(!screens[2].contains("ログイン失敗"), "its body holds パスワード")
        #expect(
            screens[3].contains("Café au lait") && screens[3].contains("CAFE MENU") && !screens[3].contains("Login"))
    }
}
