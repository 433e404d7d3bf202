import TrackerCore

/// The people: the People tab's users with how many open issues each is assigned, and what
/// adding one did; and `tracker users …`. After a change the list is loaded again only when it
/// was loaded.
@MainActor
public final class PeopleViewModel: ViewModel {
    public enum Input: Equatable, Sendable {
        /// Load every user with their open assignments.
        case appear
        /// Load the users whose login starts with `prefix` (nil: all), without their assignments;
        /// `sayingWhyNone`: when there are none, find out whether anyone is registered at all.
        case list(prefix: String?, sayingWhyNone: Bool = true)
        /// Register the user, or (`role`) link the database role that logs in as them, an
        /// existing user too when none is linked yet.
        case add(User, role: String? = nil)
        /// Set (or, with "", clear) the person's display name, as `actor`.
        case rename(Login, name: String, actor: Login)
        /// Something typed that breaks a rule (a login that is not one): said, nothing changes.
        case invalid(TrackerError)
        case unknown(String)
    }

    /// What the last input did, for the presenter to word.
    public enum Notice: Equatable, Sendable {
        case added(User, role: String?)
        /// An existing user, now linked to the role.
        case linked(User, role: String)
        /// The person's name is now the user's.
        case renamed(User)
        /// `list` found nobody whose login starts with this, though some are registered.
        case noneMatch(String)
        /// Nobody is registered.
        case nobodyRegistered
        case unknownCommand(String)
    }

    public struct Output: Equatable, ViewOutput {
        public var people: [UserWorkload] = []
        /// What `.list` found.
        public var users: [User] = []
        public var notice: Notice?
        public var failure: TrackerError?
        /// What the session may do here: the keys to offer.
        public var permissions: Permissions

        public init(permissions: Permissions = .databaseDecides) {
            self.permissions = permissions
        }
    }

    public private(set) var output: Output
    private let listUsers: ListUsers
    private let addUser: AddUser
    private let editUser: EditUser?
    private var loaded = false

    /// `editUser`: nil where names are not edited (the People tab).
    public init(
        listUsers: ListUsers, addUser: AddUser, editUser: EditUser? = nil, permissions: Permissions = .databaseDecides
    ) {
        self.listUsers = listUsers
        self.addUser = addUser
        self.editUser = editUser
        output = Output(permissions: permissions)
    }

    @discardableResult
    public func send(_ input: Input) async -> Never? {
        output.notice = nil
        output.failure = nil
        do {
            switch input {
            case .appear:
                loaded = true
            case .list(let prefix, let sayingWhyNone):
                output.users = try await listUsers(prefix: prefix)
                if sayingWhyNone, output.users.isEmpty { try await sayWhyNone(prefix: prefix) }
            case .add(let user, let role):
                try output.permissions.require(.addUsers)
                switch try await addUser(user, role: role) {
                case .added(let added): output.notice = .added(added, role: role)
                case .linked(let linked): output.notice = .linked(linked, role: role ?? "")
                }
            case .rename(let login, let name, let actor):
                try output.permissions.require(.editUserName(login))
                guard let editUser else {
                    throw TrackerError.invalidInput(field: "users", rule: "cannot edit names here")
                }
                output.notice = .renamed(try await editUser(login, name: name, actor: actor))
            case .invalid(let failure):
                throw failure
            case .unknown(let text):
                output.notice = text.isEmpty ? nil : .unknownCommand(text)
            }
            if loaded { output.people = try await listUsers.workloads() }
        } catch {
            output.failure = TrackerError(wrapping: error)
        }
        return nil
    }

    /// When a search finds nobody, one more question tells whether anyone is registered at all.
    private func sayWhyNone(prefix: String?) async throws {
        if let prefix, !(try await listUsers(prefix: nil, limit: 1)).isEmpty {
            output.notice = .noneMatch(prefix)
        } else {
            output.notice = .nobodyRegistered
        }
    }
}
