import TrackerCore

/// A text an issue or a comment no longer has, and the change that replaced it.
struct InMemoryRevision {
    var version: TextVersion
    var replacedIn: Int64
}

/// Versions, as migration 0015's triggers keep them: before a title, a body or a comment changes,
/// the text it replaces, with who wrote it (the latest edit's actor, else the author).
extension InMemoryIssueRepository {
    public func textHistory(of number: IssueNumber) async throws -> TextHistory {
        try takeFailure()
        guard let issue = issues[number.value] else {
            throw TrackerError.notFound("issue #\(number.value) does not exist")
        }
        return TextHistory(versions: (issueRevisions[number.value] ?? []).map(\.version) + [currentText(of: issue)])
    }

    public func commentHistory(of id: CommentID) async throws -> TextHistory {
        try takeFailure()
        guard let comment = comments[id.value] else { throw TrackerError.notFound("comment \(id) does not exist") }
        return TextHistory(versions: (commentRevisions[id.value] ?? []).map(\.version) + [currentText(of: comment)])
    }

    /// Keeps the issue's current text before `actor` changes it.
    func keepText(of issue: Issue, actor: Login) {
        let change = changeToJoin(actor: actor, imported: false)
        issueRevisions[issue.number.value, default: []].append(
            InMemoryRevision(version: currentText(of: issue), replacedIn: change))
    }

    func keepText(of comment: Comment, actor: Login) {
        let change = changeToJoin(actor: actor, imported: false)
        commentRevisions[comment.id.value, default: []].append(
            InMemoryRevision(version: currentText(of: comment), replacedIn: change))
    }

    private func currentText(of issue: Issue) -> TextVersion {
        let edit = (events[issue.number.value] ?? []).last { event in
            switch event.kind {
            case .edited, .renamed: true
            default: false
            }
        }
        return TextVersion(
            version: issue.version, title: issue.title, body: issue.body, author: edit?.actor ?? issue.author,
            writtenAt: edit?.createdAt ?? issue.createdAt)
    }

    private func currentText(of comment: Comment) -> TextVersion {
        let edit = (events[comment.issue.value] ?? []).last { $0.kind == .commentEdited(comment.id) }
        let version = Int64((commentRevisions[comment.id.value] ?? []).count + 1)
        return TextVersion(
            version: version, title: nil, body: comment.body, author: edit?.actor ?? comment.author,
            writtenAt: edit?.createdAt ?? comment.createdAt)
    }
}
