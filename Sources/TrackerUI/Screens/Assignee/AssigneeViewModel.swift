import TrackerCore

/// Who works on one or more issues: adds and removes assignees, all-or-nothing.
@MainActor
public final class AssigneeViewModel {
    public enum Input: Equatable, Sendable {
        case add([Login])
        case remove([Login])
        case removeAll
    }

    public struct Output: Equatable, Sendable {
        /// The issues as they are after the last change.
        public var issues: [Issue] = []
        public var failure: TrackerError?
    }

    public struct UseCases: Sendable {
        let assign: AssignIssues
        let unassign: UnassignIssues

        public init(assign: AssignIssues, unassign: UnassignIssues) {
            self.assign = assign
            self.unassign = unassign
        }
    }

    public private(set) var output = Output()
    private let numbers: [IssueNumber]
    private let actor: Login
    private let useCases: UseCases

    public init(numbers: [IssueNumber], actor: Login, useCases: UseCases) {
        self.numbers = numbers
        self.actor = actor
        self.useCases = useCases
    }

    public func send(_ input: Input) async {
        do {
            switch input {
            case .add(let logins):
                output.issues = try await useCases.assign(logins, to: numbers, actor: actor)
            case .remove(let logins):
                output.issues = try await useCases.unassign(logins, from: numbers, actor: actor)
            case .removeAll:
                output.issues = try await useCases.unassign(nil, from: numbers, actor: actor)
            }
            output.failure = nil
        } catch {
            output.failure = error as? TrackerError ?? .storageFailure("\(error)")
        }
    }
}
