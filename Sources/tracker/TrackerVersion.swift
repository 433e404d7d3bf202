import ArgumentParser
import TerminalKit

/// tracker's version, written here and nowhere else: `tracker --version` and `tracker version`
/// (answered before the argument parser runs, and before anything reads the environment or connects).
enum TrackerVersion {
    static let number = "0.14.0"
    static let line = "tracker \(number)"

    /// Whether the arguments are only `--version` or `version`: the argument parser's reflection
    /// over every command would be most of the start-up of a process that prints one line.
    static func isTheWholeRequest(_ arguments: ArraySlice<String>) -> Bool {
        arguments.count == 1 && (arguments.first == "--version" || arguments.first == "version")
    }
}

struct VersionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version", abstract: "Print tracker's version (also: tracker --version).")

    func run() async {
        await Console.terminal.say(TrackerVersion.line)
    }
}
