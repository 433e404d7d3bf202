import ChildProcesses
import Interchange
import LineFront
import TerminalKit
import TrackerCore

/// `--jq` or `--template` applied to a command's whole JSON document.
///
/// `--jq` runs the `jq` program as a child (gh embeds gojq; tracker does not write a jq of its
/// own): the document on its standard input, `-r` so strings print raw as gh prints them, `-c`
/// for a program. The program rather than libjq: it is what the person already uses, costs a
/// spawn (~2 ms) only when `--jq` is given, and needs no loader for libjq's by-value `jv` API;
/// without it tracker starts and runs every other command as before. A missing `jq` is one line,
/// exit 69 (`ProgramUnavailable`); a refused expression is jq's own first line, exit 64.
enum JSONTransform {
    case jq(String, program: String)
    case template(Template)

    /// `jq` on `PATH` (`TRACKER_JQ` names another).
    static func jqProgram(environment: [String: String]) throws -> String {
        if let named = environment["TRACKER_JQ"], !named.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: named) else {
                throw ProgramUnavailable("TRACKER_JQ names \(named), which is not a program; --jq runs jq")
            }
            return named
        }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let folder = folders.first(where: { FileManager.default.isExecutableFile(atPath: "\($0)/jq") }) else {
            throw ProgramUnavailable(
                "--jq runs the jq program, which is not installed (apt install jq); --template needs nothing")
        }
        return "\(folder)/jq"
    }

    /// The text for `document` (JSON as the command wrote it for a program).
    func apply(to document: String, forProgram: Bool) throws -> String {
        switch self {
        case .template(let template):
            return try template.render(try JSONValue(parsing: document), forProgram: forProgram)
        case .jq(let expression, let program):
            // A leading space keeps an expression such as `-1` from being read as an option.
            let filter = expression.hasPrefix("-") ? " " + expression : expression
            let outcome = try ChildProcess.run(
                program, ["-r"] + (forProgram ? ["-c"] : []) + [filter], stdin: Data(document.utf8))
            guard outcome.status == 0 else {
                let said = String(decoding: outcome.stderr, as: UTF8.self).split(separator: "\n").first.map(String.init)
                throw TrackerError.invalidInput(field: "--jq", rule: said ?? "jq exited with status \(outcome.status)")
            }
            return String(decoding: outcome.stdout, as: UTF8.self)
        }
    }
}

/// A program tracker runs for a flag is missing: one line, exit 69.
struct ProgramUnavailable: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Where a command's JSON goes: straight to the terminal, or through `--jq`/`--template`.
@MainActor
enum JSONOutput {
    /// `render` writes the document; with a transform it is collected as a program would read
    /// it, transformed, and the result written (escaped for a person, as it is for a program).
    static func write(
        _ transform: JSONTransform?, to terminal: any Terminal, _ render: (any Terminal) -> Void
    ) throws {
        guard let transform else { return render(terminal) }
        let collected = CollectedTerminal(terminal, forProgram: true)
        render(collected)
        let forProgram = ProgramOutput.isForProgram(terminal)
        let text = try transform.apply(to: collected.text, forProgram: forProgram)
        terminal.write(forProgram ? text : VisibleText.block(text))
    }
}
