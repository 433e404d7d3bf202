import Foundation
import Testing
import TrackerTestSupport

/// A teammate who may create objects in `public` (PostgreSQL 13 and 14's default) plants a
/// look-alike of every PostgreSQL function tracker's SQL calls; the owner then uses every
/// command. None of the look-alikes may run: tracker's sessions and functions look names up only
/// in its own schema and pg_catalog.
@Suite struct SearchPathCLITests {
    /// Argument types the look-alikes take: the ones a text, number or untyped value would
    /// rather match than PostgreSQL's own (`currval(text)` beats `currval(regclass)`).
    static let lookAlikeTypes = ["text", "bigint", "integer", "boolean", "anyelement"]

    @Test func noLookAlikeOfABuiltInRunsForTheOwner() async throws {
        let team = try await TeamServer.shared.database(publicWritable: true)
        let owner = team.tracker(as: "owner")
        try team.execute("CREATE SEQUENCE public.hijack_calls; GRANT USAGE ON SEQUENCE public.hijack_calls TO PUBLIC")
        let names = try SearchPathCLITests.builtInNamesCalled(on: team)
        #expect(names.contains("currval") && names.contains("unnest") && names.contains("set_config"))
        try team.execute(SearchPathCLITests.planting(names), as: "bob")

        // The plants work: a session with PostgreSQL's default search path calls one.
        #expect(try team.scalar("SELECT currval('public.hijack_calls')::text", as: "owner") == nil)
        #expect(try team.scalar("SELECT last_value::text FROM public.hijack_calls") == "1")
        try team.execute("SELECT setval('public.hijack_calls', 1, false)")

        for arguments in SearchPathCLITests.everyCommand {
            let outcome = try owner.run(arguments.command, stdin: arguments.stdin)
            #expect(outcome.status == 0, "tracker \(arguments.command.joined(separator: " ")): \(outcome.stderr)")
        }
        let called = try team.scalar("SELECT is_called::text FROM public.hijack_calls")
        #expect(called == "false", "a look-alike planted in public ran for the owner")
    }

    /// Every name followed by `(` in tracker's sources and migrations that PostgreSQL's catalog
    /// holds a function of.
    static func builtInNamesCalled(on team: TeamDatabase) throws -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var called = Set<String>()
        for folder in ["Sources", "Migrations"] {
            let files = FileManager.default.enumerator(
                at: root.appending(path: folder), includingPropertiesForKeys: nil)
            while let file = files?.nextObject() as? URL {
                guard ["swift", "sql"].contains(file.pathExtension) else { continue }
                let text = try String(contentsOf: file, encoding: .utf8)
                for match in text.matches(of: /([A-Za-z_][A-Za-z0-9_]*)\s*\(/) { called.insert(match.1.lowercased()) }
            }
        }
        let builtIns =
            try team.scalar(
                """
                SELECT string_agg(DISTINCT proname, ' ') FROM pg_proc
                 WHERE pronamespace = 'pg_catalog'::regnamespace AND proname !~ '^_'
                """) ?? ""
        return Set(builtIns.split(separator: " ").map(String.init)).intersection(called).sorted()
    }

    /// SQL that creates, in `public`, functions of each name with 0 to 3 arguments of each type,
    /// each counting its calls in a sequence (no rollback undoes that).
    static func planting(_ names: [String]) -> String {
        let quotedNames = names.map { "'\($0)'" }.joined(separator: ",")
        let types = lookAlikeTypes.map { "'\($0)'" }.joined(separator: ",")
        return """
            DO $plant$
            DECLARE
                name text;
                kind text;
                arity int;
            BEGIN
                FOREACH name IN ARRAY ARRAY[\(quotedNames)] LOOP
                    FOREACH kind IN ARRAY ARRAY[\(types)] LOOP
                        FOR arity IN 0..3 LOOP
                            CONTINUE WHEN kind = 'anyelement' AND arity = 0;
                            BEGIN
                                EXECUTE format(
                                    'CREATE FUNCTION public.%I(%s) RETURNS %s LANGUAGE plpgsql AS '
                                    || '$f$BEGIN PERFORM pg_catalog.nextval(''public.hijack_calls''); RETURN NULL; END$f$',
                                    name, array_to_string(array_fill(kind, ARRAY[arity]), ', '),
                                    CASE WHEN kind = 'anyelement' THEN 'anyelement' ELSE 'text' END);
                            EXCEPTION WHEN duplicate_function OR invalid_function_definition OR syntax_error THEN
                                NULL;
                            END;
                        END LOOP;
                    END LOOP;
                END LOOP;
            END;
            $plant$;
            """
    }

    struct Invocation {
        let command: [String]
        var stdin: String? = nil
    }

    static let importedIssue = """
        [{"number": 1, "title": "Imported", "body": "from @alice", "state": "CLOSED", "stateReason": "NOT_PLANNED",
          "author": {"login": "carl"}, "assignees": [{"login": "alice"}], "labels": [{"name": "ui"}],
          "milestone": {"number": 9, "title": "v2"},
          "comments": [{"author": {"login": "carl"}, "body": "c", "createdAt": "2026-01-01T00:00:00Z"}],
          "createdAt": "2026-01-01T00:00:00Z", "updatedAt": "2026-01-02T00:00:00Z", "closedAt": "2026-01-02T00:00:00Z"}]
        """

    /// Each command once, as the tracker's owner, covering every statement kind they send: the
    /// first import lands in an empty tracker (its indexes set aside), the last one does not.
    static let everyCommand: [Invocation] = [
        Invocation(command: ["migrate"]),
        Invocation(command: ["import", "-"], stdin: importedIssue),
        Invocation(command: ["label", "create", "bug"]),
        Invocation(command: ["label", "edit", "bug", "--color", "d73a4a"]),
        Invocation(command: ["milestone", "create", "v1", "--due", "2030-01-01"]),
        Invocation(command: ["milestone", "edit", "v1", "--description", "first"]),
        Invocation(command: [
            "--as", "owner", "create", "-t", "First", "-b", "hi @alice", "-l", "bug", "-m", "v1", "-a", "alice",
        ]),
        Invocation(command: ["--as", "owner", "create", "-t", "Second"]),
        Invocation(command: ["--as", "owner", "edit", "3", "-t", "Second, renamed", "-b", "body", "--add-label", "bug"]
        ),
        Invocation(command: [
            "--as", "owner", "edit", "3", "--remove-label", "bug", "--milestone", "v1", "--add-assignee", "alice",
        ]),
        Invocation(command: ["--as", "owner", "assign", "2", "owner"]),
        Invocation(command: ["--as", "owner", "unassign", "2", "owner"]),
        Invocation(command: ["--as", "owner", "comment", "2", "--body", "seen @alice"]),
        Invocation(command: ["--as", "owner", "comment", "edit", "2", "--body", "seen it"]),
        Invocation(command: ["--as", "owner", "comment", "delete", "2"]),
        Invocation(command: ["--as", "owner", "close", "2", "3"]),
        Invocation(command: ["--as", "owner", "reopen", "3"]),
        Invocation(command: [
            "list", "--state", "all", "--label", "bug", "--milestone", "v1", "-A", "owner", "-a", "alice",
        ]),
        Invocation(command: ["list", "--search", "first \"second renamed\" -nothing", "--mention", "alice"]),
        Invocation(command: ["list", "--limit", "0", "--json"]),
        Invocation(command: ["--as", "owner", "status"]),
        Invocation(command: ["show", "2", "--comments", "--no-pager"]),
        Invocation(command: ["users", "list"]),
        Invocation(command: ["label", "list"]),
        Invocation(command: ["milestone", "list", "--state", "all"]),
        Invocation(command: ["milestone", "close", "v1"]),
        Invocation(command: ["milestone", "reopen", "v1"]),
        Invocation(command: ["export"]),
        Invocation(command: ["--as", "owner", "label", "delete", "ui", "--yes"]),
        Invocation(command: ["--as", "owner", "milestone", "delete", "v2", "--yes"]),
        Invocation(command: ["import", "-"], stdin: importedIssue),
        Invocation(command: ["migrate", "--status"]),
    ]
}
