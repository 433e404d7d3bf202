import TrackerCore

/// A screen's state and decisions, kickstarter-style: what the person did goes in as an `Input`,
/// what to show comes out as an `Output` of facts (never wording), and navigation leaves as the
/// `Route` that `send` returns, for the coordinator to act on. The same view model serves the
/// interactive screens and the scripted commands (`drive`).
@MainActor
public protocol ViewModel: AnyObject {
    associatedtype Input: Sendable
    associatedtype Output: ViewOutput
    associatedtype Route: Sendable = Never

    var output: Output { get }
    @discardableResult func send(_ input: Input) async -> Route?
}

/// What every view model's output carries besides its screen's facts: why the last input failed.
public protocol ViewOutput: Sendable {
    var failure: TrackerError? { get }
}

/// The one way a command runs a screen once from the command line: each input in turn; the
/// first failure is thrown (nothing after it is sent), else the output after the last input.
@MainActor
@discardableResult
public func drive<Model: ViewModel>(_ viewModel: Model, inputs: [Model.Input]) async throws -> Model.Output {
    for input in inputs {
        await viewModel.send(input)
        if let failure = viewModel.failure { throw failure }
    }
    return viewModel.output
}

extension ViewModel {
    /// Why the last input failed; nil when it did not.
    public var failure: TrackerError? { output.failure }

    /// What `body` threw, as the domain's error; nil when it did not throw.
    func caught(_ body: () async throws -> Void) async -> TrackerError? {
        do {
            try await body()
            return nil
        } catch {
            return TrackerError(wrapping: error)
        }
    }
}
