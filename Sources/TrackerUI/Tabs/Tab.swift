import TrackerCore

/// The tabs of the interactive front, in the order their numbers switch to them.
public enum Tab: Int, CaseIterable, Equatable, Sendable {
    case issues = 1
    case labels
    case milestones
    case people

    public var title: String {
        switch self {
        case .issues: "Issues"
        case .labels: "Labels"
        case .milestones: "Milestones"
        case .people: "People"
        }
    }
}

/// How a tab's screen ended: the root acts on it, so no screen needs to know the others.
public enum TabOutcome: Equatable, Sendable {
    /// Another tab was chosen at this tab's prompt.
    case switchTo(Tab)
    /// The person left the app (or their input ended).
    case quit
    /// Back from a screen opened inside a tab (a milestone's issues) to that tab.
    case back
    /// Another project was asked for (nil: the person picks one): the root opens it.
    case switchProject(ProjectKey?)
}

/// What a person does on a tab: something for the tab's own view model, or leaving the tab.
public enum TabInput<Action: Sendable>: Sendable {
    case screen(Action)
    case switchTo(Tab)
    case quit
    /// Only from a screen opened inside a tab (a milestone's issues).
    case back
    /// Another project (nil: pick one), as `project web` or the full screen's `p` asks.
    case switchProject(ProjectKey?)
}
