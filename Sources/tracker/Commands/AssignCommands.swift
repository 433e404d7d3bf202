import ArgumentParser
import LineFront
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
        try await Assignments.change(numbers, on: root) { .add(try await root.names.logins(ListArgument.items(names))) }
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
        try await Assignments.change(numbers, on: root) {
            all ? .removeAll : .remove(try await root.names.logins(ListArgument.items(names)))
        }
    }
}

/// Splits `12 13 #14 alice @me` into issue numbers and the words after them.
enum IssueArguments {
    static func split(_ words: [String]) throws -> (numbers: [IssueNumber], rest: [String]) {
        let numberWords = words.prefix(while: IssueReference.isReference)
        guard !numberWords.isEmpty else {
            throw TrackerError.invalidInput(field: "issue number", rule: "start with the issue numbers, e.g. 12 13")
        }
        let numbers = try numberWords.map { try IssueReference.number($0) }
        return (numbers, Array(words.dropFirst(numberWords.count)))
    }

    /// Only issue numbers, at least one (`tracker close 7 8 9`).
    static func numbers(_ words: [String], verb: String) throws -> [IssueNumber] {
        guard !words.isEmpty else {
            throw TrackerError.invalidInput(field: "issue number", rule: "name the issues to \(verb), e.g. 12 13")
        }
        return try words.map { try IssueReference.number($0) }
    }
}

/// `assign` and `unassign`: the assignee screen's scripted changes, driven once and said a line
/// per issue.
enum Assignments {
    /// `input` is read after the acting user, so the check that they exist rides with the change.
    @MainActor
    static func change(
        _ numbers: [IssueNumber], on root: CompositionRoot, input: () async throws -> AssigneeViewModel.Input
    ) async throws {
        let actor = try await root.actingUser().login
        let output = try await drive(root.assignees(numbers, actor: actor), inputs: [try await input()])
        AssigneeView().render(output, to: root.terminal)
    }
}
