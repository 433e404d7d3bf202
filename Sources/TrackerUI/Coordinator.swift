/// One coordinator per screen: it builds its screen's view model from injected use cases, shows
/// it on the terminal, starts child coordinators for other screens and acts on routes.
@MainActor
public protocol Coordinator: AnyObject {
    var childCoordinators: [any Coordinator] { get set }
    func start() async
}

/// Told when a child coordinator is done; held weakly by the child.
@MainActor
public protocol CoordinatorFinishDelegate: AnyObject {
    func coordinatorDidFinish(_ child: any Coordinator) async
}

extension Coordinator {
    /// Removes a finished child by identity, never by type.
    public func removeChild(_ child: any Coordinator) {
        childCoordinators.removeAll { $0 === child }
    }
}
