import TrackerCore

/// The use cases of the Labels, Milestones and People tabs and of the label and milestone pickers.
public struct OrganizationUseCases: Sendable {
    let labels: ManageLabels
    let milestones: ManageMilestones
    let addUser: AddUser

    public init(labels: any LabelRepository, milestones: any MilestoneRepository, users: any AssigneeRepository) {
        self.labels = ManageLabels(labels: labels)
        self.milestones = ManageMilestones(milestones: milestones)
        addUser = AddUser(users: users)
    }
}
