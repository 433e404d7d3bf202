import TrackerCore

/// The use cases of the Labels, Milestones and People tabs and of the label and milestone pickers.
public struct OrganizationUseCases: Sendable {
    let createLabel: CreateLabel
    let listLabels: ListLabels
    let editLabel: EditLabel
    let deleteLabel: DeleteLabel
    let createMilestone: CreateMilestone
    let listMilestones: ListMilestones
    let changeMilestone: ChangeMilestone
    let addUser: AddUser

    public init(labels: any LabelRepository, milestones: any MilestoneRepository, users: any AssigneeRepository) {
        createLabel = CreateLabel(labels: labels)
        listLabels = ListLabels(labels: labels)
        editLabel = EditLabel(labels: labels)
        deleteLabel = DeleteLabel(labels: labels)
        createMilestone = CreateMilestone(milestones: milestones)
        listMilestones = ListMilestones(milestones: milestones)
        changeMilestone = ChangeMilestone(milestones: milestones)
        addUser = AddUser(users: users)
    }
}
