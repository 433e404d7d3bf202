/// The loop every organization tab runs (Labels, Milestones, People): load, show, then act on
/// each input until the person leaves the tab.
extension Coordinator {
    /// `open` acts on a route of the view model's and returns how the tab ends, or nil to stay
    /// (the tab is shown again).
    func runTab<Model: ViewModel>(
        _ viewModel: Model, appear: Model.Input, presenter: any Presenter<Model.Output, TabInput<Model.Input>>,
        open: (Model.Route) async -> TabOutcome? = { _ in nil }
    ) async -> TabOutcome {
        await viewModel.send(appear)
        presenter.show(viewModel.output)
        while let input = await presenter.next() {
            switch input {
            case .switchTo(let tab): return .switchTo(tab)
            case .quit, .back: return .quit
            case .switchProject(let key): return .switchProject(key)
            case .screen(let action):
                if let route = await viewModel.send(action), let outcome = await open(route) { return outcome }
                presenter.show(viewModel.output)
            }
        }
        return .quit
    }
}
