import ArgumentParser

/// tracker's version, written here and nowhere else: `tracker --version` (answered by the
/// argument parser before anything reads the environment or connects) and `tracker version`.
enum TrackerVersion {
    static let number = "0.14.0"
    static let line = "tracker \(number)"
}

struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version", abstract: "Print tracker's version (also: tracker --version).")

    func run() {
        Say.line(TrackerVersion.line)
    }
}
