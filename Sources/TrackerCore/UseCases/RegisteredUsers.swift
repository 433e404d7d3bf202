/// Fills in suggestions when a repository reports a login nobody registered (the repositories
/// find out in the statement that needed it, so the common case costs no lookup of its own).
struct RegisteredUsers {
    let users: any AssigneeRepository

    static let suggestionLimit = 3

    func explaining<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch TrackerError.unknownUser(let login, let suggestions) where suggestions.isEmpty {
            let found = try await users.suggestions(for: login, limit: RegisteredUsers.suggestionLimit)
            throw TrackerError.unknownUser(login: login, suggestions: found.map(\.value))
        }
    }
}
