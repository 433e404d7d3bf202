import LineFront
import TerminalKit
import TrackerCore
import TrackerUI

/// The root on the full screen: offers back an issue draft the last session could not save (y
/// or Enter restores it, n or Escape does not), and leaves how restoring it ended for the list
/// to say.
@MainActor
final class FullAppPresenter: AppPresenter {
    private let session: FullScreenSession
    private var offer: [String] = []

    init(session: FullScreenSession) {
        self.session = session
    }

    func show(_ output: AppViewModel.Output) {
        if let failure = output.failure {
            session.carried += session.words { $0.writeFailure(failure) }
        } else if let outcome = output.creatorOutcome {
            session.carried += session.words { IssueCreatorView(format: .table).renderOutcome(outcome, to: $0) }
        } else if let draft = output.unsavedDraft {
            offer = ["An issue you were writing was not saved: \"\(VisibleText.line(draft.title))\"."]
        }
    }

    func next() async -> AppViewModel.Input? {
        while true {
            let event = session.nextEvent {
                ScreenLayout(
                    tab: .issues, title: "Issues", body: offer, keys: "Restore it now? y or Enter yes · n or Esc no")
            }
            switch event {
            case .key(.enter), .key(.text("y")), .key(.text("Y")): return .restore(true)
            case .key(.escape), .key(.text("n")), .key(.text("N")), .ended: return .restore(false)
            default: continue
            }
        }
    }
}
