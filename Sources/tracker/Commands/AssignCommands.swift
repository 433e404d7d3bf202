import ArgumentParser
import TrackerCore
import TrackerUI

struct AssignCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assign",
        abstract: "Assign people to one or more issues (all or nothing).",
        discussion: "tracker assign 12 alice bob · tracker assign 12 13 14 @me. Already assigned is fine."
    )

    @Argument(help: "Issue numbers, then logins (@me is you).")
    var words: [String] = []

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let (numbers, names) = try IssueArguments.split(words)
        let root = try await CompositionRoot.open(global)
        let actor = try await root.actingUser().login
        let logins = try await root.logins(names)
        if let failure = await root.changeAssignees(numbers, actor: actor, input: .add(logins)) { throw failure }
    }
}

struct UnassignCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unassign",
        abstract: "Remove people from one or more issues (all or nothing).",
        discussion: "tracker unassign 12 bob · tracker unassign 12 --all. Not assigned is fine."
    )

    @Argument(help: "Issue numbers, then logins (@me is you).")
    var words: [String] = []

    @Flag(help: "Remove every assignee.")
    var all = false

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let (numbers, names) = try IssueArguments.split(words)
        if all && !names.isEmpty { throw ValidationError("give logins or --all, not both") }
        let root = try await CompositionRoot.open(global)
        let actor = try await root.actingUser().login
        let input: AssigneeViewModel.Input = all ? .removeAll : .remove(try await root.logins(names))
        if let failure = await root.changeAssignees(numbers, actor: actor, input: input) { throw failure }
    }
}

/// Splits `12 13 #14 alice @me` into issue numbers and the words after them.
enum IssueArguments {
    static func split(_ words: [String]) throws -> (numbers: [IssueNumber], rest: [String]) {
        let numberWords = words.prefix { $0.first.map { $0.isNumber || $0 == "#" || $0 == "-" } ?? false }
        guard !numberWords.isEmpty else {
            throw TrackerError.invalidInput(field: "issue number", rule: "start with the issue numbers, e.g. 12 13")
        }
        let numbers = try numberWords.map { try IssueNumber(parsing: $0) }
        return (numbers, Array(words.dropFirst(numberWords.count)))
    }
}

extension CompositionRoot {
    @MainActor
    func changeAssignees(
        _ numbers: [IssueNumber], actor: Login, input: AssigneeViewModel.Input
    ) async
        -> TrackerError?
    {
        let viewModel = AssigneeViewModel(
            numbers: numbers, actor: actor,
            useCases: .init(
                assign: AssignIssues(issues: issues, users: users),
                unassign: UnassignIssues(issues: issues, users: users)))
        await viewModel.send(input)
        if let failure = viewModel.output.failure { return failure }
        AssigneeView().render(viewModel.output, to: StandardTerminal())
        return nil
    }
}
