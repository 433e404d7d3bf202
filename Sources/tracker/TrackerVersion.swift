import ArgumentParser

/// tracker's version, written here and nowhere else: `tracker --version` and `tracker version`
/// (answered before the argument parser runs, and before anything reads the environment or connects).
enum TrackerVersion {
    static let number = "0.14.0"
    static let line = "tracker \(number)"

    /// `tracker --version` and `tracker version` are answered before the argument parser, whose
    /// reflection over every command is most of the start-up of a process that only prints a line.
    static func isTheWholeRequest(_ arguments: ArraySlice<String>) -> Bool {
        arguments.count == 1 && (arguments.first == "--version" || arguments.first == "version")
    }
}

struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version", abstract: "Print tracker's version (also: tracker --version).")

    func run() {
        Say.line(TrackerVersion.line)
    }
}
