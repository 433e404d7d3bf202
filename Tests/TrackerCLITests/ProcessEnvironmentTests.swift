import Foundation
import Testing

@testable import tracker

/// Issue 34: the executable reads its environment once, from `environ`, instead of asking
/// FoundationEssentials for a new dictionary (1.2 M instructions the first time, 0.4 M each after).
@Suite struct ProcessEnvironmentTests {
    @Test func everyNameReadsAsGetenvReadsIt() throws {
        let values = ProcessEnvironment.values
        #expect(!values.isEmpty)
        for (name, value) in values {
            let read = try #require(getenv(name), "\(name) is in the environment")
            #expect(String(cString: read) == value, "\(name)")
        }
        #expect(values.count == ProcessInfo.processInfo.environment.count)
    }

    @Test func noOtherFileOfTheExecutableAsksFoundationForTheEnvironment() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "Sources/tracker")
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        var read = 0
        for case let file as URL in files where file.pathExtension == "swift" {
            read += 1
            guard file.lastPathComponent != "ProcessEnvironment.swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(
                !text.contains("processInfo.environment"), "\(file.lastPathComponent): use ProcessEnvironment.values")
        }
        #expect(read > 50)
    }
}
