extension TrackerError {
    /// The same failure, with the same exit code, and a note after it on the same line: e.g. that
    /// the text a person wrote is kept and how to get it back.
    public func noting(_ note: String) -> TrackerError {
        switch self {
        case .invalidInput(let field, let rule): .invalidInput(field: field, rule: "\(rule); \(note)")
        case .notFound(let message): .notFound("\(message); \(note)")
        case .notPermitted(let message): .notPermitted("\(message); \(note)")
        case .accessDenied(let message): .accessDenied("\(message); \(note)")
        case .changedMeanwhile(let message): .changedMeanwhile("\(message); \(note)")
        case .databaseUnavailable(let message): .databaseUnavailable("\(message); \(note)")
        case .schemaMismatch(let message): .schemaMismatch("\(message); \(note)")
        case .storageFailure(let message): .storageFailure("\(message); \(note)")
        // These carry no free text, and all exit 65 as notFound does.
        case .unknownUser, .unknownLabel, .unknownMilestone, .unknownActingUser, .tooManyAssignees:
            .notFound("\(self); \(note)")
        // Its own wording already says the text is kept.
        case .editConflict: self
        // A mistyped flag value (exit 64) is found before anything is typed that could be kept.
        case .unknownChoice: self
        }
    }
}
