import TerminalKit
import TrackerCore
import TrackerUI

/// What a line typed at the Milestones tab's prompt means, and the milestones' wording wherever
/// a milestone change is said (the tab, `tracker milestone …`).
public enum MilestonesCommands {
    static let hints = [
        KeyHint("n new", needs: .createMilestone), KeyHint("v TITLE|N its issues"),
        KeyHint("c TITLE|N close", needs: .closeMilestone), KeyHint("o TITLE|N reopen", needs: .reopenMilestone),
        KeyHint("r refresh"), KeyHint(TabCommands.help), KeyHint("? help"), KeyHint("q quit"),
    ]

    public enum Action: Equatable, Sendable { case issues, close, reopen }

    /// What a command needs of the session's level.
    static func needs(_ line: TabLine<Action>) -> Permissions.Action? {
        switch line {
        case .new: .createMilestone
        case .act(.close, _): .closeMilestone
        case .act(.reopen, _): .reopenMilestone
        default: nil
        }
    }

    public static func parse(_ line: String) -> TabLine<Action> {
        TabLine.parse(
            line,
            actions: [
                "v": .issues, "view": .issues, "c": .close, "close": .close, "o": .reopen, "reopen": .reopen,
            ])
    }

    /// A milestone's fields as typed at the tab's prompts: an empty due date is none.
    public static func create(title: String, due: String, description: String) throws -> MilestonesViewModel.Input {
        let title = try MilestoneTitle(title)
        let dueOn = due.isBlank ? nil : try DueDate.parse(due.trimmed)
        return .create(title, description: description, due: dueOn)
    }

    /// What a milestone change did, in one line.
    public static func describe(_ notice: MilestonesViewModel.Notice) -> String {
        switch notice {
        case .created(let milestone): "Created milestone \(quoted(milestone)) (#\(milestone.number))"
        case .edited(let milestone): "Edited milestone \(quoted(milestone))"
        case .stateSet(let milestone, let state):
            "\(state == .closed ? "Closed" : "Reopened") milestone \(quoted(milestone))"
        case .deleted(let milestone):
            "Deleted milestone \(quoted(milestone)) (removed from \(milestone.issues) issue\(milestone.issues == 1 ? "" : "s"))"
        case .unknownCommand(let text): TabFrameView.unknownCommand(text)
        }
    }

    private static func quoted(_ milestone: Milestone) -> String {
        "'\(VisibleText.line(milestone.title.value))'"
    }
}

extension Milestone {
    /// Its open and closed issues.
    var issues: Int64 { openIssues + closedIssues }
}
