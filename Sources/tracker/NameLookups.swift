import Dispatch
import LineFront
import Synchronization
import TrackerCore

/// The names Tab completes at the line front's prompts, asked of the database when Tab is
/// pressed: the prompt waits for the answer (two seconds at most; none then).
extension CompositionRoot {
    static let completionLimit = 20

    @MainActor
    func nameLookup() -> NameLookup {
        let (users, labels, milestones) = (listUsers, manageLabels, manageMilestones)
        return { kind, prefix in
            let wanted = prefix.lowercased()
            let found = BlockingLookup.run {
                switch kind {
                case .login:
                    try await users(prefix: prefix.isEmpty ? nil : prefix, limit: Self.completionLimit).map(
                        \.login.value)
                case .label:
                    try await labels.list(search: prefix.isEmpty ? nil : prefix).map(\.name.value)
                case .milestone:
                    try await milestones.list(state: .open).map(\.title.value)
                }
            }
            return Array((found ?? []).filter { $0.lowercased().hasPrefix(wanted) }.prefix(Self.completionLimit))
        }
    }
}

/// Runs an async lookup to its end from a prompt that waits for it (the database's work runs
/// off the main thread, so waiting here holds up nothing it needs).
enum BlockingLookup {
    static func run(
        timeout: DispatchTimeInterval = .seconds(2), _ body: @escaping @Sendable () async throws -> [String]
    ) -> [String]? {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<[String]?>(nil)
        Task.detached {
            let found = try? await body()
            result.withLock { $0 = found }
            done.signal()
        }
        guard done.wait(timeout: .now() + timeout) == .success else { return nil }
        return result.withLock { $0 }
    }
}
