import Foundation
import LineFront
import TerminalKit
import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

@MainActor
@Suite struct TabSeparatedIssuesTests {
    let created = Timestamp(microseconds: 1_800_000_000_123_456) ?? Timestamp(Date.distantPast)
    let updated = Timestamp(Date(timeIntervalSince1970: 1_800_000_060))

    func issue(_ title: String) throws -> TrackerCore.Issue {
        TrackerCore.Issue(
            number: try IssueNumber(12), title: title, body: "", state: .closed, author: try Login("alice"),
            assignees: [try Login("bob"), try Login("carol")], createdAt: created, updatedAt: updated,
            labels: [try Label(name: LabelName("bug")), try Label(name: LabelName("needs review"))])
    }

    @Test func oneLineOfEightFieldsWithWholeTitlesAndExactTimes() throws {
        let title = String(repeating: "a long title ", count: 12).trimmingCharacters(in: .whitespaces)
        let line = TabSeparatedIssues.line(try issue(title))
        #expect(line.hasSuffix("\n"))
        let fields = line.dropLast().split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        #expect(
            fields == [
                "12", "CLOSED", title, "bug, needs review", "bob, carol", "alice", created.iso8601, updated.iso8601,
            ])
        #expect(created.iso8601 == "2027-01-15T08:00:00.123456Z", "to the microsecond, not an age")
    }

    @Test func emptyListsAreEmptyFields() throws {
        var plain = try issue("Plain")
        plain.assignees = []
        plain.labels = []
        let fields = TabSeparatedIssues.line(plain).dropLast().split(separator: "\t", omittingEmptySubsequences: false)
        #expect(fields.count == 8)
        #expect(fields[3].isEmpty && fields[4].isEmpty)
    }

    @Test func aHostileTitleStaysOneLineOfEightFieldsWithNoControlBytes() throws {
        let hostile = "tab\there\nnew line\r\\n literal \u{1B}[31mred\u{7} \u{9B}2J"
        let line = TabSeparatedIssues.line(try issue(hostile))
        #expect(line.filter { $0 == "\n" }.count == 1 && line.hasSuffix("\n"))
        let fields = line.dropLast().split(separator: "\t", omittingEmptySubsequences: false)
        #expect(fields.count == 8)
        #expect(!line.dropLast().unicodeScalars.contains { TextRules.isControl($0) && $0 != "\t" })
        #expect(fields[2] == #"tab\there\nnew line\r\\n literal \u001b[31mred\u0007 \u009b2J"#)
    }

    @Test func fieldEscapingIsReversible() {
        let samples = ["plain", #"back\slash"#, #"\t is not a tab"#, "a\tb\nc\rd\u{0}e\u{7F}", "日本語 ✓"]
        for sample in samples {
            #expect(unescape(VisibleText.field(sample)) == sample, "\(sample)")
        }
        #expect(VisibleText.field("日本語 ✓") == "日本語 ✓", "only backslashes and control characters change")
    }

    @Test func theMoreNoteAndSearchNoteGoToStandardError() throws {
        let terminal = ScriptedTerminal()
        var output = IssueListViewModel.Output(filter: IssueFilter())
        output.issues = [try issue("One")]
        output.hasMore = true
        output.ignoredSearchWords = ["the"]
        TabSeparatedIssues.render(output, to: terminal)
        #expect(terminal.output == TabSeparatedIssues.line(try issue("One")))
        #expect(terminal.errors.contains("more issues match") && terminal.errors.contains("ignored: the"))
    }

    /// Linear TSV's reading, as a program reading the lines would do it.
    func unescape(_ field: String) -> String {
        var result = ""
        var scalars = field.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\\", let next = scalars.next() else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch next {
            case "t": result += "\t"
            case "n": result += "\n"
            case "r": result += "\r"
            case "u":
                let hex = String(String.UnicodeScalarView((0..<4).compactMap { _ in scalars.next() }))
                result.unicodeScalars.append(UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init) ?? "?")
            default: result.unicodeScalars.append(next)
            }
        }
        return result
    }
}
