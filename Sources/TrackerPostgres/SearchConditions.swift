import Postgres
import TrackerCore

/// The WHERE conditions of a `--search` over migration 0008's words: `tracker_search_term` turns
/// each word or phrase into a query; the required groups (`||` within, `&&` between) must match
/// one text (a union of the two GIN indexes, issues_search_words and issue_comments_search_words:
/// an OR across the tables would read every issue); an excluded term found in any of an issue's
/// texts leaves the issue out. A term with nothing to search for drops out of its tsquery (as
/// `SearchQuery` says); the `numnode` tests below are constants, folded away when the statement
/// is planned with its values.
enum SearchConditions {
    /// `parameter` sends a value and gives its placeholder.
    static func conditions(for query: SearchQuery, parameter: (String) -> String) -> [String] {
        guard !query.isEmpty else { return ["false"] }
        func term(_ text: String) -> String { "tracker_search_term(\(parameter(text)))" }
        var conditions: [String] = []
        var left: [String] = []
        if !query.required.isEmpty {
            let wanted = query.required.map { group in
                group.count == 1 ? term(group[0]) : "(" + group.map(term).joined(separator: " || ") + ")"
            }.joined(separator: " && ")
            left.append("numnode(\(wanted))")
            conditions.append(
                """
                (numnode(\(wanted)) = 0
                 OR i.number IN (SELECT s.number FROM issues s WHERE s.search_words @@ (\(wanted))
                                 UNION
                                 SELECT c.issue_number FROM issue_comments c
                                  WHERE c.search_words @@ (\(wanted)) AND c.deleted_at IS NULL))
                """)
        }
        if !query.excluded.isEmpty {
            let unwanted = query.excluded.map(term).joined(separator: " || ")
            left.append("numnode(\(unwanted))")
            conditions.append("NOT i.search_words @@ (\(unwanted))")
            conditions.append(
                """
                NOT EXISTS (SELECT 1 FROM issue_comments xc
                             WHERE xc.issue_number = i.number AND xc.search_words @@ (\(unwanted))
                               AND xc.deleted_at IS NULL)
                """)
        }
        // A search left with nothing to search for finds nothing.
        conditions.append(left.joined(separator: " + ") + " > 0")
        return conditions
    }

    /// The terms of `query` the index cannot use: those without a word (`!!!`), and those with a
    /// word longer than PostgreSQL indexes (2,047 bytes), which the search leaves out.
    static let unusableTerms = """
        SELECT term FROM unnest($1::text[]) WITH ORDINALITY AS t (term, position)
         WHERE numnode(tracker_search_term(term)) = 0
            OR EXISTS (SELECT 1 FROM ts_debug('tracker_search', tracker_search_text(term)) d
                        WHERE octet_length(d.token) > 2047)
         ORDER BY position
        """
}
