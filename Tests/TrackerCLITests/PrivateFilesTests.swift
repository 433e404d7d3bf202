import Foundation
import Testing
import TrackerCore

@testable import tracker

/// The draft and the editor's temporary file hold what a person typed: only they may read them,
/// from the first byte, and a symbolic link planted where they go is never written through.
@Suite(.serialized) struct PrivateFilesTests {
    static let draft = SavedDraft(title: "Secret plans", body: "private body", assignees: [])

    func scratch() throws -> URL {
        let root =
            ProcessInfo.processInfo.environment["TRACKER_TEST_TMPDIR"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory
        let folder = root.appending(path: "tracker-private-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    func mode(_ url: URL) -> mode_t? {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    /// XDG's state folder, else ~/.local/state (an empty XDG_STATE_HOME counts as unset).
    @Test func draftsLiveInTheXDGStateFolder() {
        let expected = [
            (["XDG_STATE_HOME": "/x/state", "HOME": "/home/a"], "/x/state/tracker"),
            (["XDG_STATE_HOME": "", "HOME": "/home/a"], "/home/a/.local/state/tracker"),
            (["HOME": "/home/a"], "/home/a/.local/state/tracker"),
        ]
        for (environment, folder) in expected {
            #expect(FileDraftRepository(environment: environment).folder.path == folder, "\(environment)")
        }
    }

    @Test func theDraftAndItsFolderAreTheOwnersOnly() throws {
        let home = try scratch()
        defer { try? FileManager.default.removeItem(at: home) }
        let drafts = FileDraftRepository(environment: ["XDG_STATE_HOME": home.path])
        let previous = umask(0)
        defer { umask(previous) }
        try drafts.save(PrivateFilesTests.draft, in: .newIssue)
        #expect(mode(drafts.file(.newIssue)) == 0o600)
        #expect(mode(drafts.folder) == 0o700)
        #expect(try drafts.load(.newIssue) == PrivateFilesTests.draft)
    }

    @Test func aDraftFolderOthersCanEnterIsClosed() throws {
        let home = try scratch()
        defer { try? FileManager.default.removeItem(at: home) }
        let drafts = FileDraftRepository(environment: ["XDG_STATE_HOME": home.path])
        try FileManager.default.createDirectory(
            at: drafts.folder, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o755])
        try drafts.save(PrivateFilesTests.draft, in: .newIssue)
        #expect(mode(drafts.folder) == 0o700)
    }

    @Test func aSymlinkPlantedAtTheDraftIsNotWrittenThrough() throws {
        let home = try scratch()
        defer { try? FileManager.default.removeItem(at: home) }
        let drafts = FileDraftRepository(environment: ["XDG_STATE_HOME": home.path])
        let target = home.appending(path: "victim.txt")
        try "untouched".write(to: target, atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(
            at: drafts.folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: drafts.file(.newIssue), withDestinationURL: target)
        if (try? drafts.save(PrivateFilesTests.draft, in: .newIssue)) != nil {
            #expect(mode(drafts.file(.newIssue)) == 0o600, "the link itself is replaced by the draft")
        }
        #expect(try String(contentsOf: target, encoding: .utf8) == "untouched")
    }

    @Test func aDraftFolderThatIsASymlinkIsRefused() throws {
        let home = try scratch()
        defer { try? FileManager.default.removeItem(at: home) }
        let elsewhere = home.appending(path: "elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: home.appending(path: "tracker"), withDestinationURL: elsewhere)
        let drafts = FileDraftRepository(environment: ["XDG_STATE_HOME": home.path])
        #expect(throws: (any Error).self) { try drafts.save(PrivateFilesTests.draft, in: .newIssue) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    @Test func theEditorsFileAndFolderAreTheOwnersOnly() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let log = root.appending(path: "modes")
        let previous = umask(0)
        defer { umask(previous) }
        // The "editor" records the modes it finds, then replaces the text.
        let editor = "f() { stat -c %a \"$1\" \"$(dirname \"$1\")\" > '\(log.path)'; echo edited > \"$1\"; }; f"
        let edited = BodyEditor.edit("draft text", editor: editor, in: root)
        #expect(edited == "edited\n")
        let modes = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
        #expect(modes == ["600", "700"])
        let left = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0 != "modes" }
        #expect(left.isEmpty, "the temporary folder is removed")
    }
}
