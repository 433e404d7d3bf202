/// `tracker users edit LOGIN --name NAME`: a person's display name set, or cleared with "", as
/// `users add --name` checks one. One's own needs any level, anyone else's admin (the database
/// decides: migration 0017's `tracker_edit_user`).
public struct EditUser: Sendable {
    private let users: any UserRepository

    public init(users: any UserRepository) {
        self.users = users
    }

    public func callAsFunction(_ login: Login, name: String, actor: Login) async throws -> User {
        let checked = try User(login: login, name: name)
        return try await users.rename(checked.login, to: checked.name, actor: actor)
    }
}
