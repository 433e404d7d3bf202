import TrackerCore

extension IssueListViewModel {
    /// How many issues `news` changed that are on this page or may now belong on it: those it
    /// shows, and (it cannot know whether they match the filter without reading) those whose
    /// place in the order falls within the page: any on the first page sorted by update.
    public func affected(by news: LiveNews) -> Int {
        news.changedIssues.filter(mayBeOnPage).count
    }

    private func mayBeOnPage(_ number: IssueNumber) -> Bool {
        let shown = output.issues.map(\.number)
        if shown.contains(number) { return true }
        guard let first = shown.first, let last = shown.last else { return true }
        if output.filter.sort == .updated { return output.page == 1 }
        let (low, high) = (min(first, last), max(first, last))
        let comesFirst = output.filter.ascending ? number < low : number > high
        let comesLast = output.filter.ascending ? number > high : number < low
        return (low < number && number < high) || (comesFirst && output.page == 1) || (comesLast && !output.hasMore)
    }
}

extension IssueFilter {
    /// Re-runs the initializer so the search text is trimmed the same way.
    init(copying filter: IssueFilter) {
        self.init(
            state: filter.state, assignee: filter.assignee, author: filter.author, mention: filter.mention,
            search: filter.search, labels: filter.labels, milestone: filter.milestone, sort: filter.sort,
            ascending: filter.ascending, limit: filter.limit)
    }
}
