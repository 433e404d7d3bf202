import ArgumentParser
import Interchange
import LineFront
import TerminalKit
import TrackerCore
import TrackerUI

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import issues from a JSON array or JSON Lines (gh's or tracker export's), all or nothing.",
        discussion: """
            Reads what `gh issue list --json number,title,body,state,author,assignees,comments,labels,\
            milestone,createdAt,updatedAt,closedAt --limit N` prints (comments keep their authors and times). \
            Missing users are registered; missing labels (with their colours) and milestones (with their due \
            dates) are created in the same transaction. Numbers and times are kept when the tracker is empty; \
            otherwise issues are numbered anew and the old → new numbers are printed. A record whose source \
            (gh's url, else its id, else a fingerprint of its number, title, body, author and createdAt) was \
            imported before is skipped. --dry-run says what would happen and writes nothing; --undo takes the \
            last import back (its issues removed) if none of them changed since.
            """
    )

    @Argument(help: "The file to read, or - for standard input.")
    var file: String?

    @Flag(help: "Say what the import would create, skip and renumber, and write nothing.")
    var dryRun = false

    @Flag(help: "Take back the last import, removing its issues, if none of them changed since.")
    var undo = false

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        if undo {
            guard file == nil, !dryRun else { throw ValidationError("--undo takes no FILE and no --dry-run") }
            try await undoingTheLastImport()
            return
        }
        guard let file else { throw ValidationError("give the FILE to import (- for standard input), or --undo") }
        try await importing(file, on: await Console.terminal)
    }

    /// `--undo`: `ImportViewModel` driven once with `.undoLast`.
    @MainActor
    private func undoingTheLastImport() async throws {
        let root = try await CompositionRoot.open(global)
        let actor = try await root.actingUser(checked: false).login
        let output = try await drive(root.importer(actor: actor) { _ in }, inputs: [.undoLast])
        ImportView.render(output, to: root.terminal)
    }

    /// Reads and checks the whole file before connecting, then saves it in one transaction
    /// (`ImportViewModel`, driven once), saying each step with `--verbose`.
    @MainActor
    private func importing(_ file: String, on terminal: any Terminal) async throws {
        let trace = Trace(enabled: global.verbose, errors: terminal.streamError)
        let steps = ImportPhases(report: { trace.say($0) })
        var started = ContinuousClock.now
        let data = try InputText.readData(file)
        steps.say("read \(data.count) bytes", since: started)
        started = .now
        let progress = ProgressLine(noun: "issues read", on: terminal)
        let file = try IssueImportParser.parseFile(data, progress: progress.update)
        let records = file.issues
        progress.finish()
        steps.say("parsed and checked \(records.count) issues", since: started)
        let repository = try Self.repository(of: file, flag: global.project)
        let root = try await CompositionRoot.open(global, repository: repository)
        let saving = ProgressLine(noun: "issues", on: terminal)
        let savingText = "saving \(records.count) issues…"
        saving.say(savingText)
        started = .now
        let actor = try await root.actingUser(checked: false).login
        let importer = root.importer(actor: actor, repository: repository) { phase in
            guard trace.enabled else { return }
            saving.finish()
            trace.say(phase)
            saving.say(savingText)
        }
        let output = try await drive(
            importer, inputs: [dryRun ? .tryOut(records, alone: file.alone) : .save(records, alone: file.alone)])
        saving.finish()
        steps.say(dryRun ? "tried in one transaction, rolled back" : "saved in one transaction", since: started)
        ImportView.render(output, to: terminal)
    }
}

extension ImportCommand {
    /// The repository gh's `repository` fields name, which chooses the project unless -R does;
    /// issues of several repositories go into one project only when -R says which.
    static func repository(of file: ImportFile, flag: String?) throws -> GitRemote? {
        let named = file.repositories
        guard flag == nil, let first = named.first else { return nil }
        guard named.count == 1 else {
            throw TrackerError.invalidInput(
                field: "import file",
                rule:
                    "its issues are from \(named.count) repositories (\(named.map(\.repository).joined(separator: ", "))): "
                    + "import them into one project with -R KEY, or split the file; nothing was imported")
        }
        return first
    }
}

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every issue as a JSON array (gh's fields), oldest first, streaming.",
        discussion: """
            After the issues come the labels and milestones no issue carries, as records of their own \
            ({"kind": "label", …}, {"kind": "milestone", …}), so importing the export brings them back too.
            """)

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let root = try await CompositionRoot.open(global, schema: .read)
        try await ExportStream.write(
            from: root.streamIssues, to: root.terminal.streamOutput,
            forProgram: TerminalSize.standardOutput(environment: root.environment) == nil)
    }
}
