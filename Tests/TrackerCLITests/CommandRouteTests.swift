import Foundation
import Testing

/// One route for every command: a command parses what it was given, opens the composition root
/// and drives a view model (`drive(_:inputs:)`) whose output a LineFront presenter shows. No
/// command calls a use case itself; only the streams (`export`, `list --limit 0`, `watch`) hand
/// rows from their use case straight to the terminal's stream output.
@Suite struct CommandRouteTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Sources/tracker")
    static let streams: Set = ["streamIssues", "watchChanges"]

    /// The root's use cases, as `CompositionRoot+UseCases.swift` declares them.
    static func useCases() throws -> [String] {
        let text = try String(contentsOf: sources.appending(path: "CompositionRoot+UseCases.swift"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line -> String? in
            let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ")
            guard words.count > 2, words[0] == "var", words[1].hasSuffix(":") else { return nil }
            return String(words[1].dropLast())
        }.filter { !streams.contains($0) && $0 != "names" }
    }

    @Test func noCommandCallsAUseCaseItself() throws {
        let useCases = try Self.useCases()
        #expect(useCases.count > 15)
        let commands = Self.sources.appending(path: "Commands")
        let files = try FileManager.default.contentsOfDirectory(atPath: commands.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 10)
        for file in files {
            let text = try String(contentsOf: commands.appending(path: file), encoding: .utf8)
            let calls = useCases.filter { text.contains("root.\($0)") }
            #expect(calls.isEmpty, "\(file) calls \(calls) instead of driving a view model")
        }
    }
}
