import Foundation
import Testing
import TrackerTestSupport

/// Generated import files: each is either refused naming its record and writing nothing, or it
/// lands and every command still works, with export → import → export byte-identical.
/// `TRACKER_FUZZ_CASES` (default 200) sets how many; `TRACKER_FUZZ_SEED` replays a run.
@Suite struct ImportFuzzTests {
    static let caseCount = Int(ProcessInfo.processInfo.environment["TRACKER_FUZZ_CASES"] ?? "") ?? 200
    static let seed = UInt64(ProcessInfo.processInfo.environment["TRACKER_FUZZ_SEED"] ?? "") ?? 0x7472_6163

    @Test(arguments: 0..<caseCount)
    func anImportFileIsRefusedCleanlyOrLandsWhole(_ index: Int) async throws {
        var generator = ImportFileGenerator(random: SeededGenerator(seed: Self.seed &+ UInt64(index)))
        let file = generator.file()
        let replay = "replay: TRACKER_FUZZ_SEED=\(Self.seed) case \(index)"
        let tracker = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        try tracker.run(["users", "add", "tester"])
        let imported = try tracker.run(["import", "-"], stdin: file)
        #expect(imported.status < 128, "killed by a signal; \(replay)")
        guard imported.status == 0 else {
            #expect(imported.status == 65, "\(imported.stderr); \(replay)")
            #expect(imported.stderr.split(separator: "\n").count == 1, "one line: \(imported.stderr); \(replay)")
            #expect(
                imported.stderr.contains(/(record|line) \d+/) || imported.stderr.contains("import file"),
                "names the record: \(imported.stderr); \(replay)")
            #expect(
                imported.stderr.firstRange(of: /record \d+ .*record \d+/) == nil,
                "the record is named once: \(imported.stderr); \(replay)")
            #expect(try tracker.run(["export"]).stdout == "[]\n", "nothing was written; \(replay)")
            return
        }
        let exported = try tracker.run(["export"])
        #expect(exported.status == 0, "\(exported.stderr); \(replay)")
        let numbers = try Self.numbers(in: exported.stdout)
        #expect(!numbers.isEmpty, "\(replay)")
        for command in [["list", "--state", "all", "--limit", "0"], ["show", String(numbers.first ?? 1)]] {
            let outcome = try tracker.run(command)
            #expect(outcome.status == 0, "\(command): \(outcome.stderr); \(replay)")
        }
        let copy = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        #expect(try copy.run(["import", "-"], stdin: exported.stdout).status == 0, "\(replay)")
        #expect(try copy.run(["export"]).stdout == exported.stdout, "export → import → export; \(replay)")
        let created = try tracker.run(["create", "--title", "after the import"])
        #expect(created.status == 0, "create still works: \(created.stderr); \(replay)")
        let again = try tracker.run(["import", "-"], stdin: file)
        #expect(again.status == 0, "a second import still works: \(again.stderr); \(replay)")
    }

    static func numbers(in export: String) throws -> [Int] {
        let objects = try JSONSerialization.jsonObject(with: Data(export.utf8)) as? [[String: Any]] ?? []
        return objects.compactMap { $0["number"] as? Int }
    }
}
