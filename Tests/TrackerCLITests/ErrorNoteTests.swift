import Testing
import TrackerCore

@testable import tracker

/// The notes added to failures keep their exit codes.
@Suite struct ErrorNoteTests {
    @Test func aNoteKeepsTheExitCode() {
        let missing = TrackerError.notFound("issue #4 does not exist").noting("your comment is kept")
        #expect(missing == .notFound("issue #4 does not exist; your comment is kept"))
        let unknown = TrackerError.unknownUser(login: "bob", suggestions: []).noting("kept")
        #expect(ExitStatus.of(unknown) == 65 && "\(unknown)".hasSuffix("; kept"))
        let down = TrackerError.databaseUnavailable("cannot reach the database").noting("kept")
        #expect(ExitStatus.of(down) == 69)
    }
}
