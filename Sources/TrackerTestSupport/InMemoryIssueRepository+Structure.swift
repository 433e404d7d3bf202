import TrackerCore

/// Sub-issues and dependencies with migration 0019's rules and words: the limits, the cycles
/// named as chains, and the counts kept on every issue (the tree's progress, open blockers).
extension InMemoryIssueRepository {
    /// The parent and blockers of `edit`, on `issue`, as `tracker_set_parent` and
    /// `tracker_set_blockers` change them (the same parent, or a blocker already there, is no change).
    func changeStructure(of issue: inout Issue, _ edit: IssueEdit) throws -> [IssueEvent.Kind] {
        var kinds: [IssueEvent.Kind] = []
        if let parent = edit.parent, parent.value != issue.parent {
            try checkParent(parent.value, of: issue.number)
            kinds.append(.parentChanged(from: issue.parent, to: parent.value))
            issue.parent = parent.value
            hasStructure = true
        }
        for blocker in edit.removeBlockers
        where dependencies.remove(Dependency(issue.number, blockedBy: blocker)) != nil {
            kinds.append(.blockerRemoved(blocker))
        }
        for blocker in edit.addBlockers where !dependencies.contains(Dependency(issue.number, blockedBy: blocker)) {
            try checkBlocker(blocker, of: issue.number)
            dependencies.insert(Dependency(issue.number, blockedBy: blocker))
            kinds.append(.blockerAdded(blocker))
            hasStructure = true
        }
        return kinds
    }

    private func checkParent(_ parent: IssueNumber?, of number: IssueNumber) throws {
        guard let parent else { return }
        _ = try existing(parent)
        if parent == number { throw refusal("issue \(number) cannot be its own parent; nothing was changed") }
        let chain = ancestors(of: parent)
        if let position = chain.firstIndex(of: number) {
            throw refusal(
                "a cycle: \(parent) is under \(number) (\(Self.chain([parent] + chain[...position]))), so \(number) "
                    + "cannot be a sub-issue of \(parent); nothing was changed")
        }
        if issues.values.filter({ $0.parent == parent }).count >= IssueStructure.maximumChildren {
            throw refusal(
                "issue \(parent) already has 100 sub-issues, the most an issue can have; nothing was changed")
        }
        let depth = 1 + chain.count + height(of: number)
        if depth > IssueStructure.maximumDepth {
            throw refusal(
                "sub-issues nest at most 8 levels: \(number) would put one \(depth) levels under "
                    + "\(chain.last ?? parent); nothing was changed")
        }
    }

    private func checkBlocker(_ blocker: IssueNumber, of number: IssueNumber) throws {
        _ = try existing(blocker)
        if blocker == number { throw refusal("issue \(number) cannot block itself; nothing was changed") }
        if let path = blockingPath(from: number, to: blocker) {
            throw refusal(
                "a cycle: \(number) already blocks \(blocker) (\(Self.chain(path))), so \(blocker) cannot block "
                    + "\(number); nothing was changed")
        }
        if dependencies.filter({ $0.blocked == number }).count >= IssueStructure.maximumBlockers {
            throw refusal("issue \(number) already has 100 blockers, the most an issue can have; nothing was changed")
        }
    }

    /// The parents above `number`, nearest first.
    func ancestors(of number: IssueNumber) -> [IssueNumber] {
        var chain: [IssueNumber] = []
        var next = issues[number.value]?.parent
        while let parent = next, !chain.contains(parent) {
            chain.append(parent)
            next = issues[parent.value]?.parent
        }
        return chain
    }

    private func height(of number: IssueNumber) -> Int {
        let children = issues.values.filter { $0.parent == number }
        return children.map { 1 + height(of: $0.number) }.max() ?? 0
    }

    /// A chain `from` blocks … blocks `to`, through what the database keeps.
    private func blockingPath(from start: IssueNumber, to end: IssueNumber) -> [IssueNumber]? {
        var paths: [[IssueNumber]] = [[start]]
        var seen: Set<IssueNumber> = [start]
        while !paths.isEmpty {
            let path = paths.removeFirst()
            guard let last = path.last else { continue }
            if last == end { return path }
            let next = dependencies.filter { $0.blocker == last }.map(\.blocked).sorted()
            for blocked in next where seen.insert(blocked).inserted || blocked == end { paths.append(path + [blocked]) }
        }
        return nil
    }

    private func refusal(_ message: String) -> TrackerError { .notFound(message) }

    static func chain(_ numbers: some Collection<IssueNumber>) -> String {
        numbers.map(\.description).joined(separator: " → ")
    }

    /// The counts every issue carries, recomputed from the parents and dependencies kept.
    func refreshStructure() {
        guard hasStructure else { return }
        let live = issues.filter { trashedIssues[$0.key] == nil }
        var children: [Int64: [Int64]] = [:]
        for (number, issue) in live {
            if let parent = issue.parent { children[parent.value, default: []].append(number) }
        }
        func progress(_ number: Int64) -> SubIssueProgress {
            (children[number] ?? []).reduce(into: SubIssueProgress()) { sum, child in
                let below = progress(child)
                sum.total += 1 + below.total
                sum.done += (live[child]?.state == .closed ? 1 : 0) + below.done
            }
        }
        for number in issues.keys {
            issues[number]?.subIssues = progress(number)
            issues[number]?.openBlockers =
                dependencies.filter { $0.blocked.value == number && live[$0.blocker.value]?.state == .open }.count
        }
    }

    /// `show`'s lines of `number`'s structure, issues in the trash left out.
    func structure(of number: IssueNumber) -> IssueStructure {
        func linked(_ number: IssueNumber) -> LinkedIssue? {
            guard trashedIssues[number.value] == nil, let issue = issues[number.value] else { return nil }
            return LinkedIssue(number: issue.number, title: issue.title, state: issue.state)
        }
        let sorted = { (numbers: [IssueNumber]) in numbers.sorted().compactMap(linked) }
        return IssueStructure(
            parent: issues[number.value]?.parent.flatMap(linked),
            children: sorted(issues.values.filter { $0.parent == number }.map(\.number)),
            blockedBy: sorted(dependencies.filter { $0.blocked == number }.map(\.blocker)),
            blocking: sorted(dependencies.filter { $0.blocker == number }.map(\.blocked)))
    }
}

/// One issue blocked by another.
struct Dependency: Hashable, Sendable {
    let blocked: IssueNumber
    let blocker: IssueNumber

    init(_ blocked: IssueNumber, blockedBy blocker: IssueNumber) {
        self.blocked = blocked
        self.blocker = blocker
    }
}
