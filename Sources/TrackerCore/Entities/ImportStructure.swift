/// The sub-issues and dependencies an import brings, in the numbers the issues get: each link
/// names issues of the same import (by their numbers in the file), and the whole keeps the rules
/// of `tracker edit` (levels, 100 sub-issues or blockers, no cycle), so nothing half-linked is
/// written.
public struct ImportLinks: Equatable, Sendable {
    public var children: [Int64] = []
    public var parents: [Int64] = []
    public var blocked: [Int64] = []
    public var blocking: [Int64] = []
    /// Issues closed as duplicates, and their originals.
    public var duplicates: [Int64] = []
    public var originals: [Int64] = []

    public var isEmpty: Bool { children.isEmpty && blocked.isEmpty && duplicates.isEmpty }

    /// `numbers`: what each of `records` becomes, in order.
    public static func of(_ records: [ImportedIssue], numbers: [Int64]) throws(TrackerError) -> ImportLinks {
        var new: [Int64: Int64] = [:]
        for (record, number) in zip(records, numbers) { if let old = record.number { new[old] = number } }
        func mapped(_ old: Int64, from record: ImportedIssue, _ field: String) throws(TrackerError) -> Int64 {
            guard let number = new[old] else {
                throw refusal(
                    "issue #\(record.number ?? 0)'s \(field) #\(old) is not among the issues this import adds")
            }
            return number
        }
        var parentOf: [Int64: Int64] = [:]
        var dependencies = Set<[Int64]>()
        var duplicates: [[Int64]] = []
        for (record, number) in zip(records, numbers) {
            if let parent = record.parent {
                try link(number, to: try mapped(parent, from: record, "parent"), &parentOf)
            }
            for child in record.subIssues {
                try link(try mapped(child, from: record, "sub-issue"), to: number, &parentOf)
            }
            for blocker in record.blockedBy {
                dependencies.insert([number, try mapped(blocker, from: record, "blocker")])
            }
            if let original = record.duplicateOf {
                duplicates.append([number, try mapped(original, from: record, "original")])
            }
        }
        var links = ImportLinks()
        for pair in duplicates.sorted(by: { $0[0] < $1[0] }) {
            links.duplicates.append(pair[0])
            links.originals.append(pair[1])
        }
        for (child, parent) in parentOf.sorted(by: { $0.key < $1.key }) {
            links.children.append(child)
            links.parents.append(parent)
        }
        for pair in dependencies.sorted(by: { ($0[0], $0[1]) < ($1[0], $1[1]) }) {
            links.blocked.append(pair[0])
            links.blocking.append(pair[1])
        }
        try links.check(parentOf)
        return links
    }

    private static func link(_ child: Int64, to parent: Int64, _ parentOf: inout [Int64: Int64]) throws(TrackerError) {
        if let other = parentOf[child], other != parent {
            throw refusal("issue #\(child) is given two parents, #\(other) and #\(parent)")
        }
        parentOf[child] = parent
    }

    private func check(_ parentOf: [Int64: Int64]) throws(TrackerError) {
        for child in children {
            var chain = [child]
            while let parent = parentOf[chain[chain.count - 1]] {
                if chain.contains(parent) {
                    throw Self.refusal(
                        "a cycle of sub-issues: \((chain + [parent]).map { "#\($0)" }.joined(separator: " → "))")
                }
                chain.append(parent)
                if chain.count - 1 > IssueStructure.maximumDepth {
                    throw Self.refusal("#\(child) is more than 8 levels of sub-issues under #\(parent)")
                }
            }
        }
        for (parent, count) in Dictionary(grouping: parents, by: { $0 }).mapValues(\.count)
        where count > IssueStructure.maximumChildren {
            throw Self.refusal("issue #\(parent) has \(count) sub-issues, the most is 100")
        }
        for (issue, count) in Dictionary(grouping: blocked, by: { $0 }).mapValues(\.count)
        where count > IssueStructure.maximumBlockers {
            throw Self.refusal("issue #\(issue) has \(count) blockers, the most is 100")
        }
        try checkBlockersForCycles()
    }

    /// A depth-first walk with its own stack (a chain of blockers as long as the file is deep
    /// must not exhaust the thread's stack): a blocker met again on the current path is a cycle.
    private func checkBlockersForCycles() throws(TrackerError) {
        var blockers: [Int64: [Int64]] = [:]
        for (issue, blocker) in zip(blocked, blocking) { blockers[issue, default: []].append(blocker) }
        var onPath = Set<Int64>()
        var done = Set<Int64>()
        for start in blocked where !done.contains(start) {
            var path: [(issue: Int64, next: Int)] = [(start, 0)]
            onPath.insert(start)
            while let top = path.last {
                let out = blockers[top.issue] ?? []
                guard top.next < out.count else {
                    onPath.remove(top.issue)
                    done.insert(top.issue)
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let blocker = out[top.next]
                if onPath.contains(blocker) {
                    let cycle = path.map(\.issue).drop { $0 != blocker } + [blocker]
                    throw Self.refusal("a cycle of blockers: \(cycle.map { "#\($0)" }.joined(separator: " → "))")
                }
                if !done.contains(blocker) {
                    onPath.insert(blocker)
                    path.append((blocker, 0))
                }
            }
        }
    }

    private static func refusal(_ what: String) -> TrackerError {
        .invalidInput(field: "import", rule: what + "; nothing was imported")
    }
}
