/// Makes sure logins are registered, failing on the first unknown one with suggestions.
struct RegisteredUsers {
    let users: any AssigneeRepository

    func require(_ logins: [Login]) async throws {
        for login in logins where try await users.find(login) == nil {
            let suggestions = try await users.suggestions(for: login.value, limit: 3)
            throw TrackerError.unknownUser(login: login.value, suggestions: suggestions.map(\.value))
        }
    }
}
