import LineFront
import TerminalKit
import TrackerCore
import TrackerUI

/// The Labels, Milestones and People tabs on the full screen: their keys, forms and questions,
/// in the line front's words, made into the same inputs as the line front's commands.
@MainActor
enum OrganizationTabs {
    static let tabHints = [KeyHint("r refresh"), KeyHint("1-4 Tab switch tabs"), KeyHint("q quit")]

    static func labels(
        _ session: FullScreenSession
    ) -> FullTabPresenter<LabelsViewModel.Output, LabelsViewModel.Input, Label> {
        FullTabPresenter(
            session: session,
            reading: TabReading(
                tab: .labels, items: \.items, table: LabelsView().table, empty: "No labels yet: n creates one.",
                notice: { $0.notice.map(LabelsCommands.describe) }, failure: \.failure, permissions: \.permissions,
                hints: [
                    KeyHint("↑↓ move"), KeyHint("n new", needs: .createLabel), KeyHint("e edit", needs: .editLabel),
                    KeyHint("d delete", needs: .deleteLabel), KeyHint("/ search"),
                ] + tabHints,
                refresh: .appear, search: { .list(search: $0.isEmpty ? nil : $0) },
                act: { key, label in
                    switch (key, label) {
                    case (.text("n"), _): (.form(newLabel), .createLabel)
                    case (.text("e"), let label?), (.enter, let label?): (.form(edit(label)), .editLabel)
                    case (.text("d"), let label?):
                        (
                            .ask(
                                "Delete label \(LabelsCommands.quoted(label.name))? It is removed from every issue. ",
                                .delete(label.name)), .deleteLabel
                        )
                    default: nil
                    }
                }))
    }

    private static var newLabel: FormPanel<LabelsViewModel.Input> {
        FormPanel(
            title: "New label", fields: [("Name", ""), ("Colour (RRGGBB, empty picks one)", ""), ("Description", "")]
        ) {
            .create(try LabelsCommands.newLabel(name: $0[0], color: $0[1], description: $0[2]))
        }
    }

    /// Each field starts as the label has it; a field left as it was is kept.
    private static func edit(_ label: Label) -> FormPanel<LabelsViewModel.Input> {
        FormPanel(
            title: "Edit label \(LabelsCommands.quoted(label.name))",
            fields: [("Name", label.name.value), ("Colour", label.color.hex), ("Description", label.description)]
        ) { typed in
            let change = try LabelsCommands.change(
                name: typed[0] == label.name.value ? "" : typed[0], color: typed[1] == label.color.hex ? "" : typed[1],
                description: typed[2] == label.description ? "" : typed[2])
            return change.map { .edit(label.name, $0) } ?? .keep(label.name)
        }
    }

    static func milestones(
        _ session: FullScreenSession
    ) -> FullTabPresenter<MilestonesViewModel.Output, MilestonesViewModel.Input, Milestone> {
        FullTabPresenter(
            session: session,
            reading: TabReading(
                tab: .milestones, items: \.items, table: MilestonesView().table,
                empty: "No milestones yet: n creates one.", notice: { $0.notice.map(MilestonesCommands.describe) },
                failure: \.failure, permissions: \.permissions,
                hints: [
                    KeyHint("↑↓ move"), KeyHint("Enter its issues"), KeyHint("n new", needs: .createMilestone),
                    KeyHint("x close", needs: .closeMilestone), KeyHint("o reopen", needs: .reopenMilestone),
                ] + tabHints,
                refresh: .appear, search: nil,
                act: { key, milestone in
                    switch (key, milestone) {
                    case (.text("n"), _): (.form(newMilestone), .createMilestone)
                    case (.enter, let milestone?), (.text("v"), let milestone?): (.send(.issues(milestone.title)), nil)
                    case (.text("x"), let milestone?), (.text("c"), let milestone?):
                        (.send(.setState(milestone.title, .closed)), .closeMilestone)
                    case (.text("o"), let milestone?): (.send(.setState(milestone.title, .open)), .reopenMilestone)
                    default: nil
                    }
                }))
    }

    private static var newMilestone: FormPanel<MilestonesViewModel.Input> {
        FormPanel(
            title: "New milestone",
            fields: [("Title", ""), ("Due date (YYYY-MM-DD, empty for none)", ""), ("Description", "")]
        ) { try MilestonesCommands.create(title: $0[0], due: $0[1], description: $0[2]) }
    }

    static func people(
        _ session: FullScreenSession
    ) -> FullTabPresenter<PeopleViewModel.Output, PeopleViewModel.Input, UserWorkload> {
        FullTabPresenter(
            session: session,
            reading: TabReading(
                tab: .people, items: \.people, table: PeopleView().table, empty: nil,
                notice: { $0.notice.map(PeopleCommands.describe) }, failure: \.failure, permissions: \.permissions,
                hints: [KeyHint("↑↓ move"), KeyHint("n add a user", needs: .addUsers)] + tabHints,
                refresh: .appear, search: nil,
                act: { key, _ in
                    guard key == .text("n") else { return nil }
                    let form = FormPanel<PeopleViewModel.Input>(
                        title: "Add a user", fields: [("Login", ""), ("Name", "")]
                    ) {
                        .add(try User(login: Login($0[0]), name: $0[1]))
                    }
                    return (.form(form), .addUsers)
                }))
    }
}
