import TerminalKit
import TrackerCore

/// The Labels tab's state: every label, and what creating, editing or deleting one did. A label
/// is named by its row number or its name (ignoring case).
@MainActor
public final class LabelsViewModel {
    /// A label's fields as typed; an empty field picks a colour (create) or keeps the value (edit).
    public struct Fields: Equatable, Sendable {
        public var name: String
        public var color: String
        public var description: String

        public init(name: String = "", color: String = "", description: String = "") {
            self.name = name
            self.color = color
            self.description = description
        }
    }

    public enum Input: Equatable, Sendable {
        case appear
        case create(Fields)
        case edit(LabelName, Fields)
        case delete(LabelName)
        /// Not understood: the text as typed.
        case unknown(String)
    }

    public struct Output: Equatable, Sendable {
        public var labels: [Label] = []
        public var notice: String?
        public var failure: TrackerError?
    }

    public private(set) var output = Output()
    private let useCases: OrganizationUseCases
    private let actor: Login

    public init(useCases: OrganizationUseCases, actor: Login) {
        self.useCases = useCases
        self.actor = actor
    }

    public func send(_ input: Input) async {
        output.notice = nil
        output.failure = nil
        do {
            try await handle(input)
        } catch {
            output.failure = TrackerError(wrapping: error)
        }
    }

    /// The label at this row number (from 1) or with this name; sets the failure when none.
    public func label(_ reference: String) -> Label? {
        let text = reference.trimmed
        if let row = Int(text), output.labels.indices.contains(row - 1) { return output.labels[row - 1] }
        if let found = output.labels.first(where: { $0.name.value.lowercased() == text.lowercased() }) { return found }
        output.failure = .unknownLabel(
            name: text,
            suggestions: NameSuggestions.rank(text, among: output.labels.map(\.name.value), limit: 3))
        return nil
    }

    private func handle(_ input: Input) async throws {
        switch input {
        case .appear:
            break
        case .create(let fields):
            let name = try LabelName(fields.name)
            let color = fields.color.isBlank ? nil : try LabelColor(fields.color)
            let label = try await useCases.labels.create(
                try Label(name: name, color: color, description: fields.description))
            output.notice = "Created label \(LabelsViewModel.quoted(label.name))"
        case .edit(let name, let fields):
            let change = try LabelChange(
                name: fields.name.isBlank ? nil : try LabelName(fields.name),
                color: fields.color.isBlank ? nil : try LabelColor(fields.color),
                description: fields.description.isBlank ? nil : fields.description)
            if change.isEmpty {
                output.notice = "No change to label \(LabelsViewModel.quoted(name))"
            } else {
                let label = try await useCases.labels.edit(name, change)
                output.notice = "Edited label \(LabelsViewModel.quoted(label.name))"
            }
        case .delete(let name):
            let (label, issues) = try await useCases.labels.delete(name, actor: actor)
            output.notice =
                "Deleted label \(LabelsViewModel.quoted(label.name))"
                + (issues == 0 ? "" : " (taken off \(issues) issue\(issues == 1 ? "" : "s"))")
        case .unknown(let text):
            output.notice = text.isEmpty ? nil : "Unknown command '\(VisibleText.line(text))'."
        }
        output.labels = try await useCases.labels.list()
    }

    static func quoted(_ name: LabelName) -> String {
        "'\(VisibleText.line(name.value))'"
    }
}
