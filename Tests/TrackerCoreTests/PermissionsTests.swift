import Testing
import TrackerCore

/// What each level allows, and refusals worded as the database words them (migration 0014's
/// `tracker_require`), so a key refused on a screen reads like the same command refused by SQL.
@Suite struct PermissionsTests {
    let alice: Login
    let bob: Login

    init() throws {
        alice = try Login("alice")
        bob = try Login("bob")
    }

    func permissions(_ level: AccessLevel?) -> Permissions {
        Permissions(name: "alice", actor: alice, level: level)
    }

    @Test func eachLevelAllowsWhatGitHubGivesItAndEverythingBelow() {
        let needs: [(Permissions.Action, AccessLevel)] = [
            (.close, .triage), (.reopen, .triage), (.organizeIssues, .triage), (.createIssue, .write),
            (.comment, .write), (.editIssueText(author: alice), .write), (.editIssueText(author: nil), .write),
            (.editIssueText(author: bob), .maintain), (.createLabel, .maintain), (.editLabel, .maintain),
            (.deleteLabel, .maintain), (.createMilestone, .maintain), (.editMilestone, .maintain),
            (.closeMilestone, .maintain), (.reopenMilestone, .maintain), (.deleteMilestone, .maintain),
            (.addUsers, .admin),
        ]
        for (action, needed) in needs {
            for level in AccessLevel.allCases {
                #expect(permissions(level).allows(action) == (level >= needed), "\(action) at \(level)")
            }
            #expect(!permissions(nil).allows(action))
            #expect(Permissions.databaseDecides.allows(action))
            #expect(Permissions.databaseDecides.refusal(action) == nil)
        }
    }

    @Test func aRefusalNamesWhoTheLevelHeldAndTheLevelNeeded() {
        #expect(
            permissions(.read).refusal(.close)
                == .accessDenied("alice has read on this tracker; closing issues needs triage"))
        #expect(
            permissions(.write).refusal(.editIssueText(author: bob))
                == .accessDenied("alice has write on this tracker; editing bob's issue needs maintain"))
        #expect(
            permissions(.triage).refusal(.deleteLabel)
                == .accessDenied("alice has triage on this tracker; deleting a label needs maintain"))
        #expect(
            permissions(.maintain).refusal(.addUsers)
                == .accessDenied("alice has maintain on this tracker; adding users needs admin"))
        #expect(permissions(.write).refusal(.editIssueText(author: alice)) == nil)
        #expect(throws: TrackerError.self) { try permissions(.read).require(.comment) }
    }
}
