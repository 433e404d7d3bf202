import ArgumentParser
import Interchange
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
            otherwise issues are numbered anew and the old → new numbers are printed.
            """
    )

    @Argument(help: "The file to read, or - for standard input.")
    var file: String

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let trace = Trace(enabled: global.verbose)
        let steps = ImportPhases(report: { trace.say($0) })
        var started = ContinuousClock.now
        let data = try InputText.readData(file)
        steps.say("read \(data.count) bytes", since: started)
        started = .now
        let progress = ProgressLine(noun: "issues read")
        let records = try IssueImportParser.parse(data, progress: progress.update)
        progress.finish()
        steps.say("parsed and checked \(records.count) issues", since: started)
        let root = try await CompositionRoot.open(global)
        let saving = ProgressLine(noun: "issues")
        let savingText = "saving \(records.count) issues…"
        saving.say(savingText)
        started = .now
        let importer = try await root.actingUser(checked: false).login
        let result = try await root.importIssues(records, actor: importer) { phase in
            guard trace.enabled else { return }
            saving.finish()
            trace.say(phase)
            saving.say(savingText)
        }
        saving.finish()
        steps.say("saved in one transaction", since: started)
        Say.line("Imported \(result.count) issue\(result.count == 1 ? "" : "s")")
        for (old, new) in result.renumbered { Say.line("#\(old) → #\(new)") }
    }
}

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every issue as a JSON array (gh's fields), oldest first, streaming.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let root = try await CompositionRoot.open(global, schema: .read)
        var everything = IssueFilter(state: .all, ascending: true, limit: nil)
        everything.includesComments = true
        try await JSONStream.write(
            everything, fields: IssueField.listFields, from: root.streamIssues, to: StandardOutput())
    }
}
