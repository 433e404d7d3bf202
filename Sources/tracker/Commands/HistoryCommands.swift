import ArgumentParser
import Interchange
import LineFront
import TrackerCore
import TrackerUI

struct DiffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what one version of an issue's title and body changed (see `tracker show N --history`).",
        discussion: "tracker diff 12 (the latest edit) · tracker diff 12 2 (what version 2 changed from version 1)")

    @Argument(help: "The issue number.")
    var number: String

    @Argument(help: "The version (default: the current one).")
    var version: String?

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let number = try IssueReference.number(number)
        let version = try version.map(Self.version)
        let root = try await CompositionRoot.open(global, schema: .read)
        try await show(number, version, on: root)
    }

    static func version(_ text: String) throws(TrackerError) -> Int64 {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int64(text), value > 0 else {
            throw .invalidInput(
                field: "version", rule: "'\(text)' is not a version such as 2 (see `tracker show N --history`)")
        }
        return value
    }

    @MainActor
    private func show(_ number: IssueNumber, _ version: Int64?, on root: CompositionRoot) async throws {
        let output = try await drive(root.history(), inputs: [.change(number, version: version)])
        guard let change = output.change else { return }
        try await root.render(.always, noPager: global.noPager) {
            HistoryView().renderChange(change, of: "issue #\(number.value)", to: $0)
        }
    }
}

/// `tracker show N --history` and `tracker comment history ID`: the versions, one table or JSON.
enum HistoryListing {
    @MainActor
    static func show(
        _ input: HistoryViewModel.Input, of subject: String, json: Bool, fields: JSONFieldList?,
        transform: JSONTransform?, on root: CompositionRoot
    ) async throws {
        let output = try await drive(root.history(), inputs: [input])
        guard let history = output.history else { return }
        try JSONOutput.write(transform, to: root.terminal) {
            HistoryView(json: json, fields: fields).render(history, of: subject, to: $0)
        }
    }
}
