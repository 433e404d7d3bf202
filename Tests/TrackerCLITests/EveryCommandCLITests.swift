import Foundation
import Testing
import TrackerTestSupport

/// Walks every command `--experimental-dump-help` lists and holds each to the rules of issue 33:
/// README's exit-code table, one line for a refusal, `--json` with `--jq` and `--template`,
/// and one reader for every flag that takes several values.
@Suite struct EveryCommandCLITests {
    struct Command {
        let path: [String]
        let arguments: [[String: Any]]

        var names: [String] {
            arguments.flatMap { ($0["names"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String } }
        }

        /// A word for each positional argument it needs, so the parser reaches the flags.
        var requiredWords: [String] {
            arguments.filter { $0["kind"] as? String == "positional" && $0["isOptional"] as? Bool != true }.map { _ in
                "1"
            }
        }
    }

    /// Every command that runs (no subcommands, or a default one).
    static func commands() throws -> [Command] {
        let dumped = try TrackerProcess(databaseSettings: nil).run(["--experimental-dump-help"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dumped.stdout.utf8)) as? [String: Any])
        var pending = [(path: [String](), command: try #require(root["command"] as? [String: Any]))]
        var found: [Command] = []
        while let (path, command) = pending.popLast() {
            let subcommands = command["subcommands"] as? [[String: Any]] ?? []
            if subcommands.isEmpty || command["defaultSubcommand"] != nil, !path.isEmpty, path != ["help"] {
                found.append(Command(path: path, arguments: command["arguments"] as? [[String: Any]] ?? []))
            }
            for sub in subcommands { pending.append((path + [sub["commandName"] as? String ?? "?"], sub)) }
        }
        return found
    }

    /// No help text keeps a line's continuation backslash (a `\\` written where `\` was meant in
    /// a multi-line string): `access`, `config` and `alias --help` printed them.
    @Test func noHelpTextShowsALineContinuation() throws {
        let dumped = try TrackerProcess(databaseSettings: nil).run(["--experimental-dump-help"]).stdout
        let texts = dumped.split(separator: "\"").filter { $0.contains("\\\\\\n") || $0.hasSuffix("\\\\") }
        #expect(texts.isEmpty, "\(texts.prefix(3))")
    }

    /// The codes README's table lists, in its order.
    static func readmeExitCodes() throws -> [Int32] {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let table = try #require(text.components(separatedBy: "## Exit codes").dropFirst().first)
        return table.split(separator: "\n").prefix { !$0.hasPrefix("## ") }.compactMap { line in
            guard line.hasPrefix("| "), let code = line.dropFirst(2).split(separator: " ").first else { return nil }
            return Int32(code)
        }
    }

    /// A database nobody answers on: a refusal that had to connect first would say 69, not 64.
    static let nowhere = TrackerProcess(databaseSettings: "postgresql://nobody@127.0.0.1:1/none?connect_timeout=1")

    @Test func readmesTableListsEveryCodeTrackerExitsWith() throws {
        #expect(try Self.readmeExitCodes() == [0, 1, 64, 65, 69, 75, 77, 78])
    }

    @Test func anUnknownFlagIsAUsageErrorEverywhere() throws {
        let commands = try Self.commands()
        #expect(commands.count >= 40, "\(commands.map(\.path))")
        for command in commands {
            let refused = try Self.nowhere.run(command.path + command.requiredWords + ["--no-such-flag"])
            #expect(refused.status == 64, "\(command.path): \(refused.status) \(refused.stderr)")
            #expect(refused.stdout.isEmpty && refused.stderr.split(separator: "\n").count == 1, "\(command.path)")
            #expect(refused.stderr.hasSuffix(" (see --help)\n"), "\(command.path): \(refused.stderr)")
        }
    }

    /// Every document command takes `--json FIELDS`, `--jq` and `--template`; an unknown field is
    /// a usage error found before anything connects. `watch` prints JSON Lines, not a document.
    @Test func everyJSONCommandTakesFieldsJqAndTemplate() throws {
        let withJSON = try Self.commands().filter { $0.names.contains("json") }
        #expect(withJSON.count >= 14, "\(withJSON.map(\.path))")
        for command in withJSON {
            #expect(command.names.contains("json-fields"), "\(command.path)")
            if command.path != ["watch"] {
                #expect(command.names.contains("jq") && command.names.contains("template"), "\(command.path)")
            }
            let refused = try Self.nowhere.run(command.path + command.requiredWords + ["--json", "nope"])
            #expect(refused.status == 64, "\(command.path): \(refused.status) \(refused.stderr)")
            #expect(refused.stderr.split(separator: "\n").count == 1, "\(command.path): \(refused.stderr)")
        }
    }

    /// One reader for every flag that takes several values: commas and repeats, said so in its help.
    @Test func everyRepeatedFlagTakesCommasToo() throws {
        var repeated: [String] = []
        for command in try Self.commands() {
            for argument in command.arguments
            where argument["isRepeating"] as? Bool == true && argument["kind"] as? String != "positional" {
                let name = (argument["preferredName"] as? [String: Any])?["name"] as? String ?? "?"
                repeated.append("\(command.path.joined(separator: " ")) --\(name)")
                let help = argument["abstract"] as? String ?? ""
                #expect(help.contains("comma-separated or repeated"), "\(command.path) --\(name): \(help)")
            }
        }
        #expect(repeated.count >= 7, "\(repeated)")
    }
}
