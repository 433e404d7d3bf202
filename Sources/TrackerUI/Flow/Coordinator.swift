/// One coordinator per screen: it gets its view model, its presenter and its children from the
/// `ScreenFactory`, passes what the presenter reads to the view model and what the view model
/// outputs to the presenter, and acts on routes. It does no input or output of its own. A screen
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
