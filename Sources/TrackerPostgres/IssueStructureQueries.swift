import Postgres
import TrackerCore

/// Sub-issues and dependencies (migration 0019): the calls that change them and the read of an
/// issue's structure for `show`.
enum IssueStructureQueries {
    /// Migration 0019's `tracker_set_parent` (`parent` nil: no parent) of `numbers` (nil: the issue
    /// this transaction just created).
    static func setParent(_ numbers: [IssueNumber]?, to parent: IssueNumber?, actor: Login) -> Statement {
        Statement(
            "SELECT tracker_set_parent($1, \(IssueChanges.targets(numbers)), $3)",
            [actor.value, IssueChanges.numbersArray(numbers ?? []), parent?.value])
    }

    /// Migration 0019's `tracker_set_blockers`: each of `remove`, then each of `add`.
    static func setBlockers(
        _ numbers: [IssueNumber], adding add: [IssueNumber], removing remove: [IssueNumber], actor: Login
    ) -> Statement {
        Statement(
            "SELECT tracker_set_blockers($1, $2::bigint[], $3::bigint[], $4::bigint[])",
            [
                actor.value, IssueChanges.numbersArray(numbers), IssueChanges.numbersArray(add),
                IssueChanges.numbersArray(remove),
            ])
    }

    /// The structure changes of `edit`, sent first in its transaction: they take the structure
    /// lock exclusive, which a change sent earlier would already hold shared.
    static func changes(of edit: IssueEdit, _ numbers: [IssueNumber], actor: Login) -> [Statement] {
        var statements: [Statement] = []
        if let parent = edit.parent { statements.append(setParent(numbers, to: parent.value, actor: actor)) }
        if !edit.addBlockers.isEmpty || !edit.removeBlockers.isEmpty {
            statements.append(
                setBlockers(numbers, adding: edit.addBlockers, removing: edit.removeBlockers, actor: actor))
        }
        return statements
    }

    /// Migration 0019's `tracker_import_structure`; no statement when the import links nothing.
    static func imported(_ links: ImportLinks, importID: Int64) -> Statement? {
        guard !links.isEmpty else { return nil }
        let numbers = { (values: [Int64]) in PostgresTextArray(values.map(String.init)) }
        return Statement(
            "SELECT tracker_import_structure($1, $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], "
                + "$6::bigint[], $7::bigint[])",
            [
                importID, numbers(links.children), numbers(links.parents), numbers(links.blocked),
                numbers(links.blocking), numbers(links.duplicates), numbers(links.originals),
            ])
    }

    /// The issues around `$1`, not in the trash, one row each: its parent, its children (by
    /// number), what blocks it and what it blocks, each through its own index; and the issues of
    /// other projects it references and that reference it (migration 0024), by project, asked only
    /// when the tracker has two projects (the gate is a one-time filter, so one project never plans
    /// the function's body).
    static func structure(of number: Int64) -> Statement {
        Statement(
            """
            SELECT 'parent' AS relation, o.number, o.title, o.state, NULL AS project
              FROM issues i JOIN issues o ON o.number = i.parent_number
             WHERE i.number = $1 AND o.deleted_at IS NULL
            UNION ALL
            SELECT 'child', c.number, c.title, c.state, NULL FROM issues c WHERE c.parent_number = $1 AND c.deleted_at IS NULL
            UNION ALL
            SELECT 'blocked_by', o.number, o.title, o.state, NULL
              FROM issue_dependencies d JOIN issues o ON o.number = d.blocking_number
             WHERE d.blocked_number = $1 AND o.deleted_at IS NULL
            UNION ALL
            SELECT 'blocking', o.number, o.title, o.state, NULL
              FROM issue_dependencies d JOIN issues o ON o.number = d.blocked_number
             WHERE d.blocking_number = $1 AND o.deleted_at IS NULL
            UNION ALL
            SELECT relation, number, title, state, project FROM tracker_issue_references($1)
             WHERE (SELECT count(*) > 1 FROM projects)
            ORDER BY 1, 5, 2
            """, [number])
    }

    static func structure(in result: QueryResult) throws -> IssueStructure {
        var structure = IssueStructure()
        for row in result.rows {
            let state: String = try row.decode("state")
            let linked = LinkedIssue(
                number: try IssueNumber(try row.decode("number")), title: try row.decode("title"),
                state: state == "closed" ? .closed : .open,
                project: try (row.decode("project") as String?).map { try ProjectKey($0) })
            switch try row.decode("relation") as String {
            case "parent": structure.parent = linked
            case "child": structure.children.append(linked)
            case "blocked_by": structure.blockedBy.append(linked)
            case "references": structure.references.append(linked)
            case "referenced_by": structure.referencedBy.append(linked)
            default: structure.blocking.append(linked)
            }
        }
        return structure
    }
}
