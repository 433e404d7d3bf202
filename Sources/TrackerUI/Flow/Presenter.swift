/// Where a screen meets a person: `show` draws what the view model's output says and `next`
/// waits for what the person does, as an input (switching tabs and quitting are inputs too).
/// Presenters do all of a screen's terminal input and output and all of its wording; a
/// coordinator only holds the loop between them, its routes and its outcome. The line front
/// (LineFront) is one set of presenters; a full-screen front is another, over the same
/// coordinators and view models.
@MainActor
public protocol Presenter<Output, Input>: AnyObject {
    associatedtype Output
    associatedtype Input
    func show(_ output: Output)
    /// nil when the person's input has ended.
    func next() async -> Input?
}

/// A presenter whose screen follows teammates' changes: while it waits for the person it also
/// wakes for live news, handed back as an input of the screen's.
@MainActor
public protocol LivePresenter<Output, Input>: Presenter {
    /// Whether a wait can be woken (a person at a terminal, not a script on a pipe): only then
    /// does the screen follow live updates.
    var followsLiveUpdates: Bool { get }
    func next(following live: LiveSubscription?) async -> Input?
}

extension LivePresenter {
    public func next() async -> Input? { await next(following: nil) }
}
