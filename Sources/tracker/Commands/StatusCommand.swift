import ArgumentParser
import Interchange
import LineFront
import TrackerCore
import TrackerUI

struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Your open issues in every project: assigned to you, mentioning you, opened by you.",
        discussion: """
            Most recently updated first, a few of each with how many there are. --json prints \
            {"assigned": {"issues": […], "totalCount": N}, "mentioned": …, "opened": …}; \
            --json number,title,… picks the issue fields.
            """
    )

    @Option(
        name: [.customShort("L"), .long], parsing: .unconditional, help: "At most this many issues in each section.")
    var limit: Int = IssueStatus.defaultLimit

    @OptionGroup var output: JSONOptions

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard limit >= 1 else { throw ValidationError("--limit must be 1 or more") }
    }

    func run() async throws {
        let format = try OutputFormat(json: output.json, fields: output.jsonFields, allowed: StatusView.jsonFields)
        let transform = try output.transform(environment: ProcessEnvironment.values)
        let root = try await CompositionRoot.open(global, schema: .read)
        try await show(format: format, transform: transform, on: root)
    }

    @MainActor
    private func show(format: OutputFormat, transform: JSONTransform?, on root: CompositionRoot) async throws {
        let me = try await root.actingUser().login
        let parts = try await drive(root.status(of: me), inputs: [.everyProject(limit: limit)]).projects
        try await root.render(
            format == .table ? .whenLongerThanTheScreen : .never, noPager: global.noPager, transform: transform
        ) {
            StatusView(format: format).render(parts, to: $0)
        }
    }
}
