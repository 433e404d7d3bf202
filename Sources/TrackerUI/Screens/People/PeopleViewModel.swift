import TerminalKit
import TrackerCore

/// The People tab's state: every user with how many open issues they are assigned, and what
/// adding one did.
@MainActor
public final class PeopleViewModel {
    public enum Input: Equatable, Sendable {
        case appear
        /// A login and a name as typed (the name may be empty).
        case add(login: String, name: String)
        case unknown(String)
    }

    public struct Output: Equatable, Sendable {
        public var people: [UserWorkload] = []
        public var notice: String?
        public var failure: TrackerError?
    }

    public private(set) var output = Output()
    private let listUsers: ListUsers
    private let addUser: AddUser

    public init(listUsers: ListUsers, addUser: AddUser) {
        self.listUsers = listUsers
        self.addUser = addUser
    }

    public func send(_ input: Input) async {
        output.notice = nil
        output.failure = nil
        do {
            switch input {
            case .appear:
                break
            case .add(let login, let name):
                let added = try await addUser(try User(login: Login(login), name: name))
                output.notice = "Added user \(added.user.login)"
            case .unknown(let text):
                output.notice = text.isEmpty ? nil : "Unknown command '\(VisibleText.line(text))'."
            }
            output.people = try await listUsers.workloads()
        } catch {
            output.failure = TrackerError(wrapping: error)
        }
    }
}
