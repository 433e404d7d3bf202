import Postgres
import TrackerCore

extension PostgresError {
    /// The domain's view of a database error: what the person can do about it.
    var trackerError: TrackerError { trackerError(unreachableAdvice: nil) }

    /// `unreachableAdvice`: what to check when the database cannot be reached, as the one who
    /// chose it says it (the database's own advice); nil for the general one.
    func trackerError(unreachableAdvice: String?) -> TrackerError {
        switch kind {
        case .invalidSettings:
            return .invalidInput(
                field: "database URL", rule: "\(message); see the README's \"Use an existing database\"")
        case .connection:
            return .databaseUnavailable(
                "cannot reach the database: \(message); "
                    + (unreachableAdvice ?? "check --database-url, DATABASE_URL or the PG variables"))
        case .connectionLost:
            return PostgresError.lostBeforeCommit(message)
        case .commitOutcomeUnknown:
            return .storageFailure(
                "the connection was lost while saving: the change may or may not have been saved; check with `tracker list`"
            )
        case .decoding:
            return .storageFailure("unexpected data from the database: \(message)")
        case .statement:
            break
        }
        if isConnectionFailure { return PostgresError.lostBeforeCommit(message) }
        if let mismatch = SchemaGuard.mismatch(self) { return mismatch }
        if let constraint, let field = PostgresError.fieldsByConstraint[constraint] {
            return .invalidInput(field: field.name, rule: field.rule)
        }
        if sqlState == SQLState.queryCanceled {
            return .storageFailure(
                "the database cancelled the query (statement timeout or an administrator); nothing was saved. "
                    + "Try again, or raise TRACKER_STATEMENT_TIMEOUT (seconds)")
        }
        if isRetryable {
            return .storageFailure(
                "the database kept refusing the change because of concurrent changes (SQLSTATE \(sqlState ?? "")) "
                    + "after \(Database.transactionAttempts) tries; nothing was saved, try again")
        }
        if sqlState == SQLState.foreignKeyViolation {
            return .changedMeanwhile(
                "something this change names was deleted by someone else while it ran (\(constraint ?? message)); "
                    + "nothing was changed")
        }
        if sqlState == SQLState.insufficientPrivilege {
            return .accessDenied(
                "the database does not allow this role that change (\(message)); nothing was saved. "
                    + "Ask the tracker's owner for access")
        }
        if sqlState == SQLState.undefinedTable {
            return .schemaMismatch("the database has no tracker schema: run `tracker migrate`")
        }
        return .storageFailure("database error: \(description)")
    }

    private static func lostBeforeCommit(_ message: String) -> TrackerError {
        .databaseUnavailable(
            "the connection to the database was lost before the change was committed (\(message)); "
                + "nothing was saved, try again")
    }

    private static let fieldsByConstraint: [String: (name: String, rule: String)] = [
        "users_login_format": ("login", "must be letters, digits and single hyphens"),
        "users_login_key": ("login", "is already registered (logins ignore case)"),
        "users_role_name_key": ("role", "is already linked to another user (see `tracker access list`)"),
        "users_name_length": ("name", "longer than 255 characters"),
        "users_name_plain": ("name", "control characters are not allowed"),
        "issues_title_length": ("title", "must be 1 to 256 characters"),
        "issues_title_trimmed": ("title", "must not start or end with spaces"),
        "issues_title_no_control": ("title", "control characters are not allowed"),
        "issues_body_length": ("body", "longer than 65536 characters"),
        "issues_duplicate_named": ("--reason", "duplicate needs the original issue: use --duplicate-of N"),
        "issues_duplicate_of_other": ("--duplicate-of", "an issue cannot be a duplicate of itself; name another issue"),
        "issues_assignee_limit": ("assignees", "an issue can have at most 10 assignees"),
        "issues_number_range": ("issue number", "the highest issue number is \(IssueNumber.maximum)"),
        "issue_comments_body_length": ("comment", "must be 1 to 65536 characters"),
        "issue_comments_body_not_blank": ("comment", "cannot be empty; write something"),
        "issue_comments_id_range": ("comment id", "the highest comment id is \(IssueNumber.maximum)"),
        "issue_comments_updated_after_created": ("comment", "updatedAt must not be before createdAt"),
        "labels_name_unique": ("label name", takenNameRule),
        "labels_name_length": ("label name", "must be 1 to \(LabelName.maximumLength) characters"),
        "labels_name_plain": ("label name", "control characters and surrounding spaces are not allowed"),
        "labels_color_hex": ("color", "must be six hex digits such as d73a4a"),
        "labels_description_length": ("description", "longer than \(Label.maximumDescriptionLength) characters"),
        "labels_description_plain": ("description", "control characters are not allowed"),
        "milestones_title_unique": ("milestone title", takenNameRule),
        "milestones_title_length": ("milestone title", "must be 1 to \(MilestoneTitle.maximumLength) characters"),
        "milestones_title_plain": ("milestone title", "control characters and surrounding spaces are not allowed"),
        "milestones_description_length": ("milestone description", "longer than 65536 characters"),
        "milestones_number_range": ("milestone number", "the highest milestone number is \(MilestoneNumber.maximum)"),
        "id_counters_last_value_range": (
            "id", "every comment id or milestone number up to \(IssueNumber.maximum) is used; no more can be created"
        ),
        "issue_number_counter_range": (
            "issue number", "every number up to \(IssueNumber.maximum) is used; no more issues can be created"
        ),
    ].merging(timeRangeConstraints.map { ($0, ("time", "must lie in years 0001 to 9999 (UTC)")) }) { $1 }

    /// What a unique index on a name says; repositories replace it with a line naming the name.
    static let takenNameRule = "is already taken (names ignore case)"

    /// `body`, with a unique index's refusal of `name` said as the core says a name is taken.
    static func refusingTaken<Kind, T: Sendable>(
        _ name: NameIgnoringCase<Kind>, _ body: () async throws -> T
    )
        async throws -> T
    {
        do {
            return try await body()
        } catch TrackerError.invalidInput(let field, rule: takenNameRule) where field == Kind.rule.field {
            throw name.taken
        }
    }

    /// The range checks 0002 and 0003 put on every stored time, named TABLE_COLUMN_range.
    private static let timeRangeConstraints = [
        "users_created_at_range", "issues_created_at_range", "issues_updated_at_range", "issues_closed_at_range",
        "issue_assignees_assigned_at_range", "issue_events_created_at_range", "issue_comments_created_at_range",
        "issue_comments_updated_at_range", "milestones_due_on_range",
    ]
}

extension Database {
    /// Connects now, turning a failure into `TrackerError`.
    public func trackedConnect() throws {
        do {
            try connect()
        } catch {
            throw error.trackerError(unreachableAdvice: unreachableAdvice)
        }
    }

    /// Queues `statement` for the next flight (connecting first), turning failures into `TrackerError`.
    public func trackedQueue(_ statement: Statement) throws {
        do {
            try queue(statement)
        } catch {
            throw error.trackerError(unreachableAdvice: unreachableAdvice)
        }
    }

    /// Runs `body` on the connection, turning database errors into `TrackerError`.
    func tracked<T: Sendable>(_ body: (Connection) throws -> T) async throws -> T {
        do {
            return try withConnection(body)
        } catch let error as PostgresError {
            throw error.trackerError(unreachableAdvice: unreachableAdvice)
        }
    }

    /// Like `tracked`, inside one transaction (retried on serialization failures and
    /// deadlocks): any error rolls everything back.
    func trackedTransaction<T: Sendable>(_ body: (Connection) throws -> T) async throws -> T {
        do {
            return try await transaction(body)
        } catch let error as PostgresError {
            throw error.trackerError(unreachableAdvice: unreachableAdvice)
        }
    }
}

/// Reads what a flight brought back, turning database errors into `TrackerError`.
func decoded<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as PostgresError {
        throw error.trackerError
    }
}
