/// What a person does on a picker: toggle a numbered choice, search, finish (keeping the
/// choice) or leave with nothing changed.
public enum PickerAction: Equatable, Sendable {
    case toggle(Int)
    /// Unticks every choice (`none`): the issue keeps no label, no milestone, nobody.
    case clear
    case search(String)
    case done
    case cancel
}

/// What a picker has to say about the last action.
public enum PickerNotice: Equatable, Sendable {
    /// A search found nothing (the text searched; empty: there is nothing to choose at all).
    case noMatch(String)
    /// No choice has that number; there are this many choices.
    case outOfRange(Int)
    /// The selection holds its most.
    case full(Int)
    /// Every choice was unticked.
    case cleared
}
