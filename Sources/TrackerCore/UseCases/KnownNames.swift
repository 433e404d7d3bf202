/// Fills in suggestions when a repository reports a label, milestone or user that does not exist
/// (the repositories find out in the statement that needed it, so the common case costs nothing
/// more).
struct KnownNames {
    var labels: (any LabelRepository)? = nil
    var milestones: (any MilestoneRepository)? = nil
    var users: (any UserRepository)? = nil

    func explaining<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch TrackerError.unknownLabel(let name, let suggestions) where suggestions.isEmpty {
            guard let labels else { throw TrackerError.unknownLabel(name: name, suggestions: []) }
            let found = try await labels.suggestions(for: name, limit: NameSuggestions.shownLimit).map(\.value)
            try KnownNames.refuseIfMadeMeanwhile(name, among: found, kind: "label")
            throw TrackerError.unknownLabel(name: name, suggestions: found)
        } catch TrackerError.unknownMilestone(let title, let suggestions) where suggestions.isEmpty {
            guard let milestones else { throw TrackerError.unknownMilestone(title: title, suggestions: []) }
            let found = try await milestones.suggestions(for: title, limit: NameSuggestions.shownLimit).map(\.value)
            try KnownNames.refuseIfMadeMeanwhile(title, among: found, kind: "milestone")
            throw TrackerError.unknownMilestone(title: title, suggestions: found)
        } catch TrackerError.unknownUser(let login, let suggestions) where suggestions.isEmpty {
            guard let users else { throw TrackerError.unknownUser(login: login, suggestions: []) }
            let found = try await users.suggestions(for: login, limit: NameSuggestions.shownLimit).map(\.value)
            try KnownNames.refuseIfMadeMeanwhile(login, among: found, kind: "user")
            throw TrackerError.unknownUser(login: login, suggestions: found)
        }
    }

    /// The name was missing when the change ran and is there now (someone made or renamed it in
    /// between): "did you mean 'bug'?" for 'bug' would be no help, running it again would be.
    private static func refuseIfMadeMeanwhile(_ name: String, among found: [String], kind: String) throws {
        guard found.contains(where: { $0.lowercased() == name.lowercased() }) else { return }
        throw TrackerError.changedMeanwhile(
            "\(kind) '\(name)' was created or renamed by someone else while this ran; nothing was changed: run it again"
        )
    }
}
