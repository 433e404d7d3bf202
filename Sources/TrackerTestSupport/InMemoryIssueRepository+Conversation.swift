import TrackerCore

/// Edits, comments, mentions and status, with the rules of the PostgreSQL repositories.
extension InMemoryIssueRepository: CommentRepository {
    public func edit(
        _ numbers: [IssueNumber], _ edit: IssueEdit, read: ReadVersion?, actor: Login
    ) async throws -> [Issue] {
        try takeFailure()
        guard !edit.changesText || numbers.count == 1 else {
            throw TrackerError.textEditOfSeveral
        }
        if let typed = edit.typedFirst, let read {
            // The text as typed first, against the version read; then the merged text over it.
            return try await asOneChange {
                _ = try await self.edit(
                    numbers, try IssueEdit(title: typed.title, body: typed.body), read: read, actor: actor)
                return try await self.edit(numbers, try edit.withoutTypedFirst(), read: nil, actor: actor)
            }
        }
        let actor = try await registered(actor)
        let adding = try await registeredAll(edit.addAssignees)
        _ = try await registeredAll(edit.removeAssignees)
        let addingLabels = try existingLabels(edit.addLabels)
        _ = try existingLabels(edit.removeLabels)
        let milestone: Milestone?? =
            switch edit.milestone {
            case nil: .none
            case .remove: .some(nil)
            case .set(let title): .some(try existingMilestone(title))
            }
        return try await asOneChange {
            try await apply(
                edit, to: try existing(numbers), read: read, actor: actor, adding: adding, addingLabels: addingLabels,
                milestone: milestone)
        }
    }

    private func apply(
        _ edit: IssueEdit, to existing: [Issue], read: ReadVersion?, actor: Login, adding: [Login],
        addingLabels: [Label], milestone: Milestone??
    ) async throws -> [Issue] {
        var changes: [Change] = []
        var mentionedBodies: [(Int64, String)] = []
        let keptDependencies = dependencies
        // All or nothing: the blockers a refused edit added are taken out again.
        defer { if changes.count < existing.count { dependencies = keptDependencies } }
        for var issue in existing {
            var kinds = try changeStructure(of: &issue, edit)
            let title = edit.title ?? issue.title
            let body = edit.body ?? issue.body
            if title != issue.title || body != issue.body {
                if let read, read.version != issue.version {
                    throw TrackerError.editConflict(EditConflict(read: read, current: issue))
                }
                keepText(of: issue, actor: actor)
                if title != issue.title { kinds.append(.renamed(from: issue.title, to: title)) }
                if body != issue.body {
                    kinds.append(.edited)
                    mentionedBodies.append((issue.number.value, body))
                }
                issue.title = title
                issue.body = body
                issue.version += 1
            }
            kinds += try issue.changeAssignees(adding: adding, removing: edit.removeAssignees)
            kinds += issue.changeLabels(adding: addingLabels, removing: edit.removeLabels)
            if case .some(let milestone) = milestone { kinds += issue.changeMilestone(to: milestone?.summary) }
            kinds += issue.changePlan(priority: edit.priority, due: edit.due)
            changes.append(change(issue, kinds, actor: actor))
        }
        for (number, body) in mentionedBodies { await recordMentions(issue: number, comment: nil, text: body) }
        return commit(changes)
    }

    public func status(of user: Login, limit: Int) async throws -> IssueStatus {
        try takeFailure()
        let open = issues.values.filter { $0.state == .open && trashedIssues[$0.number.value] == nil }.sorted {
            ($0.updatedAt, $0.number) > ($1.updatedAt, $1.number)
        }
        func section(_ matches: (Issue) -> Bool) -> IssueStatus.Section {
            let all = open.filter(matches)
            return .init(issues: Array(all.prefix(limit)), total: all.count)
        }
        return IssueStatus(
            assigned: section { $0.assignees.contains(user) },
            mentioned: section { mentioned(in: $0.number.value).contains(user) },
            opened: section { $0.author == user })
    }

    public func add(_ body: String, to number: IssueNumber, author: Login) async throws -> Comment {
        try takeFailure()
        let author = try await registered(author)
        let issue = try existing(number)
        lastCommentID = commentIDs?.next() ?? lastCommentID + 1
        let moment = nextMoment()
        let comment = Comment(
            id: try CommentID(lastCommentID), issue: number, author: author, body: body, createdAt: moment,
            updatedAt: moment)
        comments[lastCommentID] = comment
        await recordMentions(issue: number.value, comment: lastCommentID, text: body)
        _ = commit([change(issue, [.commented(comment.id)], actor: author)])
        return comment
    }

    public func comment(_ id: CommentID) async throws -> Comment {
        try takeFailure()
        guard let comment = comments[id.value] else {
            throw TrackerError.notFound("comment \(id) does not exist (see `tracker show N --comments`)")
        }
        if trashedComments[id.value] != nil {
            throw TrackerError.notFound(
                "comment \(id) is in the trash (`tracker comment restore \(id)` brings it back)")
        }
        return comment
    }

    public func commentToChange(_ id: CommentID, actor: Login) async throws -> Comment {
        try takeFailure()
        _ = try await registered(actor)
        return try changeableComment(id)
    }

    public func edit(_ id: CommentID, body: String, actor: Login) async throws -> Comment {
        try takeFailure()
        let actor = try await registered(actor)
        var comment = try changeableComment(id)
        let issue = try existing(comment.issue)
        guard comment.body != body else { return comment }
        return await asOneChange {
            keepText(of: comment, actor: actor)
            comment.body = body
            comment.updatedAt = nextMoment()
            comments[id.value] = comment
            await recordMentions(issue: comment.issue.value, comment: id.value, text: body)
            _ = commit([change(issue, [.commentEdited(id)], actor: actor)])
            return comment
        }
    }

    public func delete(_ id: CommentID, actor: Login) async throws -> Comment {
        try takeFailure()
        let actor = try await registered(actor)
        let comment = try changeableComment(id)
        trashedComments[id.value] = InMemoryDeletion(at: nextMoment(), by: actor)
        _ = commit([change(try existing(comment.issue), [.commentDeleted(id)], actor: actor)])
        return comment
    }

    /// Its comments, oldest first, but those in the trash.
    func comments(of number: IssueNumber) -> [Comment] {
        comments.values.filter { $0.issue == number && trashedComments[$0.id.value] == nil }.sorted { $0.id < $1.id }
    }

    /// Who its body and its comments (but those in the trash) mention.
    func mentioned(in number: Int64) -> Set<Login> {
        (mentions[number] ?? [:]).filter { text, _ in text.map { trashedComments[$0] == nil } ?? true }
            .values.reduce(into: Set()) { $0.formUnion($1) }
    }

    /// The registered logins the text mentions, in place of the text's earlier ones.
    func recordMentions(issue number: Int64, comment: Int64?, text: String) async {
        var registered = Set<Login>()
        for login in Mentions.logins(in: text) {
            if let user = try? await users.find(login) { registered.insert(user.login) }
        }
        mentions[number, default: [:]][comment] = registered
    }

    /// Levels are the database's: this repository is a session that holds admin, which may
    /// change anyone's comment, as the Postgres one is in the tests.
    func changeableComment(_ id: CommentID) throws -> Comment {
        guard let comment = comments[id.value] else {
            throw TrackerError.notFound("comment \(id) does not exist; nothing was changed")
        }
        if trashedComments[id.value] != nil {
            throw TrackerError.notFound(
                "comment \(id) is in the trash (`tracker comment restore \(id)` brings it back); nothing was changed")
        }
        _ = try existing(comment.issue)
        return comment
    }
}
