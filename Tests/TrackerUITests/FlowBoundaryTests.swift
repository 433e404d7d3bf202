import Foundation
import Testing

/// The screens' flow (TrackerUI) does no terminal input or output and holds no wording: the
/// presenters (LineFront, or another front) do. The module cannot reach a terminal (Package.swift
/// gives it neither TerminalKit nor LineFront); this reads the sources so it stays so.
@Suite struct FlowBoundaryTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Sources/TrackerUI")

    static func files() throws -> [(name: String, text: String)] {
        try FileManager.default.subpathsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }.map {
            ($0, try String(contentsOf: sources.appending(path: $0), encoding: .utf8))
        }
    }

    /// Lines of code, without comments.
    static func code(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
    }

    @Test func noFileOfTheFlowReachesATerminal() throws {
        let files = try Self.files()
        #expect(files.count > 20)
        for (name, text) in files {
            let touching = Self.code(text).filter {
                $0.contains("terminal") || $0.contains("Terminal") || $0.contains("import TerminalKit")
                    || $0.contains("import LineFront") || $0.contains("VisibleText")
            }
            #expect(touching.isEmpty, "\(name): \(touching)")
        }
    }

    /// The standard library's and the C library's own ways to the terminal (a file that imports
    /// `ChildProcesses` sees the C library, exported by its `PlatformImports.swift`).
    @Test func noFileOfTheFlowWritesOrReadsTheStandardStreams() throws {
        let streamCall =
            /\b(print|debugPrint|dump|readLine|printf|fprintf|puts|fputs|fwrite|putchar|getchar|write|isatty|tcsetattr|ioctl)\(|\b(stdin|stdout|stderr|STDIN_FILENO|STDOUT_FILENO|STDERR_FILENO)\b/
        for (name, text) in try Self.files() {
            let touching = Self.code(text).filter { $0.contains(streamCall) }
            #expect(touching.isEmpty, "\(name): \(touching)")
        }
    }

    @Test func noCoordinatorHoldsWording() throws {
        let coordinators = try Self.files().filter {
            $0.name.hasSuffix("Coordinator.swift") || $0.name.hasSuffix("Loop.swift")
        }
        #expect(coordinators.count >= 10)
        for (name, text) in coordinators {
            let worded = Self.code(text).filter { $0.contains("\"") }
            #expect(worded.isEmpty, "\(name): \(worded)")
        }
    }
}
