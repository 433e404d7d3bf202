import Foundation
import Testing
import TrackerTestSupport

/// tracker's own modules import FoundationEssentials, not Foundation: one unguarded `import
/// Foundation` in any of its files brings back FoundationInternationalization and ICU. Foundation
/// is allowed only where FoundationEssentials cannot be imported (macOS). TOMLKit is the one
/// dependency that imports Foundation (see `onlyTOMLKitBringsFoundationIntoTheBinary`).
///
/// Each shipped module names its platform modules (Foundation's, the C library's) in one file,
/// `PlatformImports.swift`, and exports them to its other files from there.
@Suite struct FoundationEssentialsOnlyTests {
    /// Targets that are not part of the `tracker` product.
    static let notShipped: Set<String> = ["TrackerTestSupport", "MigrationEmbedder"]
    static let platformModules = ["Foundation", "FoundationEssentials", "Glibc", "Darwin"]
    static let guardedImport = """
        #if canImport(FoundationEssentials)
        @_exported import FoundationEssentials
        #else
        @_exported import Foundation
        #endif
        """

    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Sources")

    /// Every shipped Swift file, by its path under Sources.
    static func shippedFiles() throws -> [(path: String, text: String)] {
        try FileManager.default.subpathsOfDirectory(atPath: sources.path)
            .filter { $0.hasSuffix(".swift") && !notShipped.contains(String($0.prefix { $0 != "/" })) }
            .map { ($0, try String(contentsOf: sources.appending(path: $0), encoding: .utf8)) }
    }

    /// The lines of `text` that import one of the platform modules, whatever their attributes.
    static func platformImports(in text: String) -> [Substring] {
        text.split(separator: "\n").filter { line in
            let words = line.split(separator: " ")
            guard let importWord = words.firstIndex(of: "import"), importWord + 1 < words.count else { return false }
            return platformModules.contains(String(words[importWord + 1]))
        }
    }

    @Test func onlyEachModulesPlatformImportsFileImportsPlatformModules() throws {
        let files = try Self.shippedFiles()
        #expect(files.count > 100)
        for (path, text) in files where !path.hasSuffix("/PlatformImports.swift") {
            let imports = Self.platformImports(in: text)
            #expect(imports.isEmpty, "\(path) imports \(imports); its module's PlatformImports.swift does")
        }
    }

    /// Every Foundation module is imported through the guard, FoundationEssentials included (macOS has none).
    @Test func platformImportsFilesImportFoundationOnlyWhereFoundationEssentialsIsMissing() throws {
        let platformFiles = try Self.shippedFiles().filter { $0.path.hasSuffix("/PlatformImports.swift") }
        #expect(platformFiles.count >= 6)
        for (path, text) in platformFiles {
            let unguarded = Self.platformImports(in: text.replacingOccurrences(of: Self.guardedImport, with: ""))
                .filter { $0.contains("Foundation") }
            #expect(unguarded.isEmpty, "\(path): \(unguarded)")
            let unexported = Self.platformImports(in: text).filter { !$0.hasPrefix("@_exported import ") }
            #expect(unexported.isEmpty, "\(path) imports \(unexported) for itself only, not for its module")
        }
    }

    #if os(Linux)
    /// What the sources promise, checked where it counts: the libraries the binary asks the loader
    /// for (the test build's binary; a `--static-swift-stdlib` one asks for no Swift library).
    /// TOMLKit, the config file's TOML reader (issue 33: "parse with it, don't write a parser"),
    /// imports Foundation itself, so the binary links Foundation and its internationalization
    /// through it alone: every other module of the binary (ours, ArgumentParser) imports
    /// FoundationEssentials only. The cost, measured in the release build, is in ARCHITECTURE.md.
    @Test func onlyTOMLKitBringsFoundationIntoTheBinary() throws {
        let binary = try Data(contentsOf: TrackerProcess.binary)
        guard binary.range(of: Data("libswiftCore.so".utf8)) != nil else { return }
        #expect(binary.range(of: Data("libFoundationEssentials.so".utf8)) != nil)
        let checkouts = Self.sources.deletingLastPathComponent().appending(path: ".build/checkouts")
        let parser = checkouts.appending(path: "swift-argument-parser/Sources/ArgumentParser")
        let files = try FileManager.default.subpathsOfDirectory(atPath: parser.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 20)
        for file in files {
            let text = try String(contentsOf: parser.appending(path: file), encoding: .utf8)
            let imports = Self.platformImports(in: text).filter {
                $0.contains("Foundation") && !$0.contains("Essentials")
            }
            #expect(imports.isEmpty || text.contains("canImport(FoundationEssentials)"), "ArgumentParser/\(file)")
        }
        let toml = checkouts.appending(path: "TOMLKit/Sources/TOMLKit")
        let tomlImportsFoundation = try FileManager.default.subpathsOfDirectory(atPath: toml.path)
            .filter { $0.hasSuffix(".swift") }
            .contains {
                try String(contentsOf: toml.appending(path: $0), encoding: .utf8).contains("import struct Foundation")
            }
        #expect(
            tomlImportsFoundation,
            "TOMLKit no longer imports Foundation: the binary need not link it; restore the check")
    }
    #endif
}
