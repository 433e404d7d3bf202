/// Fills in suggestions when a repository reports a label, milestone or user that does not exist
/// (the repositories find out in the statement that needed it, so the common case costs nothing
/// more).
struct KnownNames {
    var labels: (any LabelRepository)? = nil
    var milestones: (any MilestoneRepository)? = nil
    var users: (any AssigneeRepository)? = nil

    func explaining<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch TrackerError.unknownLabel(let name, let suggestions) where suggestions.isEmpty {
            guard let labels else { throw TrackerError.unknownLabel(name: name, suggestions: []) }
            let found = try await labels.suggestions(for: name, limit: NameSuggestions.shownLimit)
            throw TrackerError.unknownLabel(name: name, suggestions: found.map(\.value))
        } catch TrackerError.unknownMilestone(let title, let suggestions) where suggestions.isEmpty {
            guard let milestones else { throw TrackerError.unknownMilestone(title: title, suggestions: []) }
            let found = try await milestones.suggestions(for: title, limit: NameSuggestions.shownLimit)
            throw TrackerError.unknownMilestone(title: title, suggestions: found.map(\.value))
        } catch TrackerError.unknownUser(let login, let suggestions) where suggestions.isEmpty {
            guard let users else { throw TrackerError.unknownUser(login: login, suggestions: []) }
            let found = try await users.suggestions(for: login, limit: NameSuggestions.shownLimit)
            throw TrackerError.unknownUser(login: login, suggestions: found.map(\.value))
        }
    }
}
