import ArgumentParser
import Interchange
import LineFront
import TerminalKit
import TrackerCore
import TrackerUI

struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Print each change to issues as it commits, until Ctrl-C.",
        discussion: """
            One line per change: event id, time, issue and what was done. --json prints JSON Lines \
            (id, kind, issue, title, actor, createdAt and the changed fields). A lost connection is said \
            on stderr; tracker reconnects and carries on after the last event printed, so none is missed \
            or printed twice; --since EVENT_ID does the same across runs. --all-projects watches every \
            project you may read, each issue as web#12 (-R watches one). Live updates need a session of \
            their own: through pgbouncer in transaction mode they cannot work, and tracker says so.
            """
    )

    @Flag(help: "Print JSON Lines (--json FIELDS: only those fields).")
    var json = false

    @Option(name: .customLong("json-fields"), help: .hidden)
    var jsonFields: String?

    @Option(help: "Only this issue's changes.")
    var issue: String?

    @Option(
        name: [.customShort("a"), .long],
        help: "Only changes to issues assigned to this login (@me: you), and their (un)assignments.")
    var assignee: String?

    @Option(help: "Start right after this event id (one `tracker watch` printed) instead of now; 0: from the first.")
    var since: String?

    @Flag(help: "Every project you may read, each issue as web#12 (not with --issue or -R).")
    var allProjects = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if allProjects && (issue != nil || global.project != nil) {
            throw ValidationError("--all-projects watches every project: give --issue or -R without it")
        }
    }

    func run() async throws {
        let issue = try self.issue.map { try IssueReference.number($0) }
        let start = try since.map(WatchCommand.start) ?? .now
        let root = try await CompositionRoot.open(global, schema: .read)
        var filter = ChangeFilter(issue: issue)
        filter.allProjects = allProjects
        if let assignee { filter.assignee = try await root.names.login(assignee) }
        let view = ChangeLineView(
            json: json, fields: try JSONFieldList.selection(jsonFields, available: JSONFieldList.change))
        let watch = root.watchChanges
        let (output, errors) = (root.terminal.streamOutput, root.terminal.streamError)
        let stopped = try await InterruptSignals.cancelling(watchingOutput: true) { [filter] in
            do {
                try await watch(
                    from: start, filter: filter,
                    report: { errors.write(Array(Console.errorLine(ChangeLineView.describe($0)).utf8)) },
                    deliver: { output.write(Array(view.line($0).utf8)) })
            } catch let unavailable as LiveUpdatesUnavailable {
                throw TrackerError.databaseUnavailable(unavailable.description)
            }
        }
        if let stopped { exitProcess(stopped) }
    }

    /// `--since N`: after event N; 0, from the beginning.
    static func start(_ text: String) throws -> ChangeStart {
        if Int64(text.trimmed) == 0 { return .beginning }
        return .after(event: try eventID(text))
    }

    static func eventID(_ text: String) throws -> Int64 {
        guard let id = Int64(text.trimmed), id >= 1 else {
            throw TrackerError.invalidInput(
                field: "--since", rule: "'\(text)' is not an event id: give a number `tracker watch` printed")
        }
        return id
    }
}
