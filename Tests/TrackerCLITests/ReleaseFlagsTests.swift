import ChildProcesses
import Foundation
import Testing

/// Issue 34: `scripts/release-flags.sh` gives the release build (`make install`, `make bench`) its
/// fast start. Each flag silently drops out where it does not work, so this machine, which has
/// lld, glibc 2.36 and libstdc++.a, is held to all of them, and a program built with them is.
@Suite(.serialized) struct ReleaseFlagsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func flags(pie: String = "no") throws -> [String] {
        var environment = ProcessInfo.processInfo.environment
        environment["PIE"] = pie
        let outcome = try ChildProcess.run(
            "/bin/sh", [root.appending(path: "scripts/release-flags.sh").path], environment: environment)
        #expect(outcome.status == 0)
        return String(decoding: outcome.stdout, as: UTF8.self).split(whereSeparator: \.isWhitespace).map(String.init)
    }

    @Test func everyFlagWorksOnThisMachine() throws {
        let flags = try Self.flags()
        #expect(flags.contains("pack-relative-relocs"))
        #expect(flags.contains("-disable-concrete-type-metadata-mangled-name-accessors"))
        #expect(flags.contains("--disable-local-rpath"))
        #expect(flags.contains("-no-pie"))
        #expect(try !Self.flags(pie: "yes").contains("-no-pie"), "PIE=yes keeps the executable position-independent")
        let folder = Self.root.appending(path: ".build/static-libstdcxx")
        #expect(flags.contains("-L\(folder.path)"))
        let archive = try FileManager.default.destinationOfSymbolicLink(
            atPath: folder.appending(path: "libstdc++.a").path)
        #expect(FileManager.default.fileExists(atPath: archive), "\(archive)")
    }

    /// swiftc given what `swift build` is given (`-Xswiftc X` as X, `-Xlinker X` kept) links a
    /// program that runs, needs no shared libstdc++ and is not position-independent.
    @Test func aProgramBuiltWithThemRunsWithoutTheSharedCxxLibrary() throws {
        var swiftc: [String] = []
        var words = try Self.flags()[...]
        while let word = words.popFirst() {
            switch word {
            case "-Xswiftc": swiftc += words.popFirst().map { [$0] } ?? []
            case "-Xlinker": swiftc += ["-Xlinker"] + (words.popFirst().map { [$0] } ?? [])
            default: continue
            }
        }
        let scratch = FileManager.default.temporaryDirectory.appending(path: "release-flags-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let source = scratch.appending(path: "main.swift")
        let program = scratch.appending(path: "main")
        try Data(#"print("built")"#.utf8).write(to: source)

        let built = try ChildProcess.run(
            "/usr/bin/env", ["swiftc", "-static-stdlib"] + swiftc + [source.path, "-o", program.path])
        #expect(built.status == 0, "\(String(decoding: built.stderr, as: UTF8.self))")
        let ran = try ChildProcess.run(program.path, [])
        #expect(String(decoding: ran.stdout, as: UTF8.self) == "built\n")
        let dynamic = try ChildProcess.run("/usr/bin/env", ["readelf", "-d", program.path])
        let section = String(decoding: dynamic.stdout, as: UTF8.self)
        #expect(section.contains("libc.so.6"), "readelf read the dynamic section")
        #expect(!section.contains("libstdc++"))
        let header = try ChildProcess.run("/usr/bin/env", ["readelf", "-h", program.path])
        #expect(String(decoding: header.stdout, as: UTF8.self).contains("EXEC (Executable file)"))
    }
}
