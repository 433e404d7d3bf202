import ArgumentParser
import Interchange
import LineFront
import TrackerCore
import TrackerUI

struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Your open issues: assigned to you, mentioning you, opened by you.",
        discussion: """
            Most recently updated first, a few of each with how many there are. --json prints \
            {"assigned": {"issues": […], "totalCount": N}, "mentioned": …, "opened": …}; \
            --json number,title,… picks the issue fields.
            """
    )

    @Option(
        name: [.customShort("L"), .long], parsing: .unconditional, help: "At most this many issues in each section.")
    var limit: Int = IssueStatus.defaultLimit

    @Flag(help: "Print JSON (optionally: --json number,title,…).")
    var json = false

    @Option(name: .customLong("json-fields"), help: .hidden)
    var jsonFields: String?

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard limit >= 1 else { throw ValidationError("--limit must be 1 or more") }
    }

    func run() async throws {
        let format = try OutputFormat(json: json, fields: jsonFields, allowed: StatusView.jsonFields)
        let root = try await CompositionRoot.open(global, schema: .read)
        try await show(format: format, on: root)
    }

    @MainActor
    private func show(format: OutputFormat, on root: CompositionRoot) async throws {
        let me = try await root.actingUser().login
        guard let status = try await drive(root.status(of: me), inputs: [.appear(limit: limit)]).status else { return }
        await root.render(format == .table ? .whenLongerThanTheScreen : .never, noPager: global.noPager) {
            StatusView(format: format).render(status, to: $0)
        }
    }
}
