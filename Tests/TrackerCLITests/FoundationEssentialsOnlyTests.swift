import Foundation
import Testing

/// The tracker binary links FoundationEssentials, not Foundation: one unguarded `import Foundation`
/// in any of its files brings back FoundationInternationalization and ICU (50 MB, ~2 ms of every
/// start-up). Foundation is allowed only where FoundationEssentials cannot be imported (macOS).
@Suite struct FoundationEssentialsOnlyTests {
    /// Targets that are not part of the `tracker` product.
    static let notShipped: Set<String> = ["TrackerTestSupport", "MigrationEmbedder"]
    static let guardedImport =
        "#if canImport(FoundationEssentials)\nimport FoundationEssentials\n#else\nimport Foundation\n#endif"

    /// Every Foundation module is imported through the guard, FoundationEssentials included (macOS has none).
    @Test func everyShippedFileImportsFoundationOnlyWhereFoundationEssentialsIsMissing() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "Sources")
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path)
            .filter { $0.hasSuffix(".swift") && !Self.notShipped.contains(String($0.prefix { $0 != "/" })) }
        #expect(files.count > 100)
        for file in files {
            let text = try String(contentsOf: sources.appending(path: file), encoding: .utf8)
            let unguarded = text.replacingOccurrences(of: Self.guardedImport, with: "").split(separator: "\n")
                .filter { $0.hasPrefix("import Foundation") || $0.hasPrefix("@_exported import Foundation") }
            #expect(unguarded.isEmpty, "\(file): \(unguarded)")
        }
    }
}
