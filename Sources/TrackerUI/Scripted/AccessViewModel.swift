import TrackerCore

/// `tracker access grant|revoke|list`: the levels people's database roles hold on this tracker.
@MainActor
public final class AccessViewModel: ViewModel {
    public enum Input: Equatable, Sendable {
        /// Give `who` (a login linked to a role, or a role) exactly the level typed.
        case grant(level: String, to: String)
        case revoke(from: String)
        /// The same in the session's project only.
        case grantInProject(level: String, to: String)
        case revokeInProject(from: String)
        case list
    }

    /// What a grant or a revocation did, for a presenter to word.
    public enum Change: Equatable, Sendable {
        case granted(AccessLevel, to: String)
        case revoked(from: String)
        case grantedInProject(ProjectLevel, to: String)
        case revokedInProject(from: String)
    }

    public struct Output: Equatable, ViewOutput {
        /// What `.list` found: every role holding a level, then the users who need a role.
        public var entries: [AccessEntry] = []
        public var change: Change?
        public var failure: TrackerError?
    }

    public private(set) var output = Output()
    private let manageAccess: ManageAccess

    public init(manageAccess: ManageAccess) {
        self.manageAccess = manageAccess
    }

    @discardableResult
    public func send(_ input: Input) async -> Never? {
        output.change = nil
        output.failure = nil
        do {
            switch input {
            case .grant(let level, let who):
                try await manageAccess.grant(level, to: who)
                output.change = .granted(try AccessLevel(choosing: level), to: who)
            case .revoke(let who):
                try await manageAccess.revoke(from: who)
                output.change = .revoked(from: who)
            case .grantInProject(let level, let who):
                try await manageAccess.grantInProject(level, to: who)
                output.change = .grantedInProject(try ProjectLevel(choosing: level), to: who)
            case .revokeInProject(let who):
                try await manageAccess.revokeInProject(from: who)
                output.change = .revokedInProject(from: who)
            case .list:
                output.entries = try await manageAccess.list()
            }
        } catch {
            output.failure = TrackerError(wrapping: error)
        }
        return nil
    }
}
