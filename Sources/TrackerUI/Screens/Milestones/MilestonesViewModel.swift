import TerminalKit
import TrackerCore

/// The Milestones tab's state: every milestone (open first) with its progress, and what creating,
/// closing or reopening one did. A milestone is named by its row number or its title.
@MainActor
public final class MilestonesViewModel {
    public enum Input: Equatable, Sendable {
        case appear
        /// The title, the due date as typed (`YYYY-MM-DD`, empty for none) and the description.
        case create(title: String, due: String, description: String)
        case close(MilestoneTitle)
        case reopen(MilestoneTitle)
        /// Show the milestone's issues.
        case issues(MilestoneTitle)
        case unknown(String)
    }

    public struct Output: Equatable, Sendable {
        public var milestones: [Milestone] = []
        public var notice: String?
        public var failure: TrackerError?
    }

    public enum Route: Equatable, Sendable {
        case issues(MilestoneTitle)
    }

    public private(set) var output = Output()
    private let useCases: OrganizationUseCases

    public init(useCases: OrganizationUseCases) {
        self.useCases = useCases
    }

    @discardableResult
    public func send(_ input: Input) async -> Route? {
        output.notice = nil
        output.failure = nil
        do {
            return try await handle(input)
        } catch {
            output.failure = TrackerError(wrapping: error)
            return nil
        }
    }

    /// The milestone at this row number (from 1) or with this title; sets the failure when none.
    public func milestone(_ reference: String) -> Milestone? {
        let text = reference.trimmed
        if let row = Int(text), output.milestones.indices.contains(row - 1) { return output.milestones[row - 1] }
        if let found = output.milestones.first(where: { $0.title.value.lowercased() == text.lowercased() }) {
            return found
        }
        output.failure = .unknownMilestone(
            title: text,
            suggestions: NameSuggestions.rank(text, among: output.milestones.map(\.title.value), limit: 3))
        return nil
    }

    private func handle(_ input: Input) async throws -> Route? {
        switch input {
        case .appear:
            break
        case .create(let title, let due, let description):
            let title = try MilestoneTitle(title)
            let dueOn = due.isBlank ? nil : try DueDate.parse(due.trimmed)
            let created = try await useCases.milestones.create(title: title, description: description, dueOn: dueOn)
            output.notice = "Created milestone \(MilestonesViewModel.quoted(created.title))"
        case .close(let title):
            let closed = try await useCases.milestones.setState(of: title, to: .closed)
            output.notice = "Closed milestone \(MilestonesViewModel.quoted(closed.title))"
        case .reopen(let title):
            let reopened = try await useCases.milestones.setState(of: title, to: .open)
            output.notice = "Reopened milestone \(MilestonesViewModel.quoted(reopened.title))"
        case .issues(let title):
            return .issues(title)
        case .unknown(let text):
            output.notice = text.isEmpty ? nil : "Unknown command '\(VisibleText.line(text))'."
        }
        output.milestones = try await useCases.milestones.list()
        return nil
    }

    static func quoted(_ title: MilestoneTitle) -> String {
        "'\(VisibleText.line(title.value))'"
    }
}
