/// What a person types for people and milestones, read one way everywhere: `@me` is the acting
/// user, `@alice` is alice (`Login(typed:)`); `none` is nobody (or no milestone) unless someone (or a milestone) is called none, so a
/// person or a milestone is never unreachable. The acting user is asked for only when `@me` is
/// typed: naming them costs the check that they exist, which rides with the command's query.
public struct ResolveNames: Sendable {
    private let users: any UserRepository
    private let milestones: any MilestoneRepository
    private let actor: @Sendable () async throws -> Login

    public init(
        users: any UserRepository, milestones: any MilestoneRepository,
        actor: @escaping @Sendable () async throws -> Login
    ) {
        self.users = users
        self.milestones = milestones
        self.actor = actor
    }

    public func login(_ text: String) async throws -> Login {
        text.lowercased() == "@me" ? try await actor() : try Login(typed: text)
    }

    public func logins(_ texts: [String]) async throws -> [Login] {
        var logins: [Login] = []
        for text in texts { logins.append(try await login(text)) }
        return logins
    }

    /// `--assignee`: a login, `@me`, or `none` (issues nobody is assigned to).
    public func assignee(_ text: String) async throws -> AssigneeFilter {
        guard text.lowercased() == "none" else { return .user(try await login(text)) }
        let named = try await users.find(try Login(typed: text))
        return named.map { .user($0.login) } ?? .nobody
    }

    /// A milestone named by its title or its number (`MilestoneReference`). A title is taken as
    /// typed (the statement that uses it finds it, or says it is unknown); only a number costs
    /// a query, for the milestones' titles.
    public func milestoneTitle(_ text: String) async throws -> MilestoneTitle {
        let title = try MilestoneTitle(text)
        guard MilestoneReference.number(text) != nil else { return title }
        let all = try await milestones.list(state: nil)
        guard let found = MilestoneReference.find(text, in: all) else {
            let suggestions = NameSuggestions.rank(text, among: all.map(\.title.value), limit: 3)
            throw TrackerError.unknownMilestone(title: text.trimmed, suggestions: suggestions)
        }
        return found.title
    }

    /// `--milestone`: a title or number, or `none` (issues in no milestone).
    public func milestone(_ text: String) async throws -> MilestoneFilter {
        let title = try MilestoneTitle(text)
        guard text.lowercased() == "none" else { return .titled(try await milestoneTitle(text)) }
        do {
            _ = try await milestones.milestone(titled: title)
            return .titled(title)
        } catch TrackerError.unknownMilestone {
            return .noMilestone
        }
    }
}
