import Foundation
import SettingsFile
import Testing

@Suite struct SettingsDocumentTests {
    @Test func readsValuesAndTablesAsPeopleWriteThem() throws {
        let document = try SettingsDocument(
            toml: """
                # tracker's settings
                editor = "vim"
                project = 'web'

                [aliases]
                bugs = "list --label bug"
                "my-open" = "list -a @me"
                """, source: "config.toml")
        #expect(document.values == ["editor": "vim", "project": "web"])
        #expect(document.tables == ["aliases": ["bugs": "list --label bug", "my-open": "list -a @me"]])
    }

    @Test func whatItWritesReadsBackTheSame() throws {
        let document = SettingsDocument(
            values: ["pager": "less -R", "database_url": "postgresql://a@b/c?x=\"q\""],
            tables: ["aliases": ["co": "close --comment", "ünï": "list"]])
        #expect(try SettingsDocument(toml: document.toml, source: "x") == document)
    }

    @Test func aMistakeSaysWhereItIs() {
        #expect(throws: SettingsError.self) { try SettingsDocument(toml: "editor = vim", source: "c.toml") }
        do {
            _ = try SettingsDocument(toml: "a = \"1\"\neditor = vim\n", source: "c.toml")
        } catch {
            #expect(error.description.hasPrefix("c.toml: line 2"), "\(error)")
        }
        #expect(throws: SettingsError.self) { try SettingsDocument(toml: "pager = 3", source: "c.toml") }
    }

    @Test func aProjectFileIsFoundInTheFolderOrAParent() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "settings-\(UUID().uuidString)")
        let deep = root.appending(path: "a/b/c")
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(SettingsFile.nearest(".tracker-test-\(UUID().uuidString)", fromPath: deep.path) == nil)
        try SettingsFile.write(SettingsDocument(values: ["project": "web"]), to: root.appending(path: "a/.tracker"))
        let found = try #require(SettingsFile.nearest(".tracker", fromPath: deep.path))
        #expect(
            URL(fileURLWithPath: found).standardizedFileURL.path
                == root.appending(path: "a/.tracker").standardizedFileURL.path)
        #expect(try SettingsFile.read(path: found)?.values["project"] == "web")
        let mode = try FileManager.default.attributesOfItem(atPath: found)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    /// Issue 34: files are read and found by path, with no `URL` on the way; the answers are the
    /// ones Foundation gave.
    @Test func filesAreReadAndFoundByPathAsTheyWereByURL() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "settings-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/a/b/c", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try SettingsFile.read(path: root + "/missing.toml") == nil, "a missing file is no document")
        #expect(try SettingsFile.read(path: root + "/missing/below.toml") == nil)
        #expect(throws: SettingsError(source: root + "/a", "cannot be read")) {
            try SettingsFile.read(path: root + "/a")
        }
        #expect(
            FileManager.default.createFile(
                atPath: root + "/latin1.toml", contents: Data([0x61, 0x3D, 0x22, 0xE9, 0x22])))
        #expect(throws: SettingsError(source: root + "/latin1.toml", "is not UTF-8 text")) {
            try SettingsFile.read(path: root + "/latin1.toml")
        }
        let long = String(repeating: "x", count: 40_000)
        let withMark = [0xEF, 0xBB, 0xBF] + Array("project = \"web\"\nnote = \"\(long)\"\n".utf8)
        #expect(FileManager.default.createFile(atPath: root + "/a/.tracker", contents: Data(withMark)))
        let document = try #require(try SettingsFile.read(path: root + "/a/.tracker"))
        #expect(document.values["project"] == "web" && document.values["note"] == long, "a BOM and several reads")
        #expect(SettingsFile.nearest(".tracker", fromPath: root + "/a/b/c") == root + "/a/.tracker")
        #expect(SettingsFile.nearest(".tracker", fromPath: root + "/a/b/c/../../") == root + "/a/.tracker")
        #expect(SettingsFile.nearest(".tracker", fromPath: root + "/a/b/./c/") == root + "/a/.tracker")
        #expect(SettingsFile.nearest(".tracker-test-\(UUID().uuidString)", fromPath: root + "/a/b") == nil)
    }
}
