/// One coordinator per screen: it builds its screen's view model from injected use cases, shows
/// it on the terminal, starts child coordinators for other screens and acts on routes. A screen
/// ends by returning its `Outcome`, so a parent learns how a child ended without knowing its type.
@MainActor
public protocol Coordinator: AnyObject {
    associatedtype Outcome: Sendable
    var childCoordinators: [any Coordinator] { get set }
    func start() async -> Outcome
}

extension Coordinator {
    /// Runs a child screen to its end: held in `childCoordinators` while it runs, then removed
    /// by identity (never by type), so it is freed once its outcome is handed back.
    public func run<Child: Coordinator>(_ child: Child) async -> Child.Outcome {
        childCoordinators.append(child)
        let outcome = await child.start()
        removeChild(child)
        return outcome
    }

    public func removeChild(_ child: any Coordinator) {
        childCoordinators.removeAll { $0 === child }
    }
}
