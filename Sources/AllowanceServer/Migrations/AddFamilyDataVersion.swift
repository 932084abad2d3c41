import Fluent
import SQLKit

/// `families.data_version`: a number that moves whenever anything a family can see changes,
/// so a kept answer (`ResponseCache`) is served only while its family's number is the one it
/// was made at. Triggers move it, in the same transaction as the change, for every write from
/// any process on the file: the API, the scheduler, the CLI, a second server.
///
/// These triggers are SQLite's, which has one writer at a time. PostgreSQL moves the same
/// number for the same tables at each commit instead (`AddDataVersionOnPostgres`). On SQLite,
/// `AddChildDataVersion` replaces them with ones that also move a number per child.
struct AddFamilyDataVersion: AsyncMigration {
    /// How a table's row names its family; `row` is `NEW` or `OLD`.
    enum Owner {
        case family(column: String)
        /// A family's own row, or every family when the column is NULL (the global templates).
        case familyOrAll(column: String)
        case child(column: String)
        case user(column: String)
        case goal

        func families(of row: String) -> String {
            switch self {
            case .family(let column): "id = \(row).\(column)"
            case .familyOrAll(let column): "id = \(row).\(column) OR \(row).\(column) IS NULL"
            case .child(let column): "id = (SELECT family_id FROM children WHERE id = \(row).\(column))"
            case .user(let column): "id = (SELECT family_id FROM users WHERE id = \(row).\(column))"
            case .goal:
                "id = (SELECT c.family_id FROM savings_goals g JOIN children c ON c.id = g.child_id WHERE g.id = \(row).goal_id)"
            }
        }

        /// The rows of `table` that belong to the family `family` (an SQL expression): the
        /// same as `families(of:)` seen from the other side, by the owner's index.
        func rows(of table: String, in family: String) -> String {
            switch self {
            case .family(let column): "\(table).\(column) = \(family)"
            case .familyOrAll(let column): "(\(table).\(column) = \(family) OR \(table).\(column) IS NULL)"
            case .child(let column): "\(table).\(column) IN (SELECT id FROM children WHERE family_id = \(family))"
            case .user(let column): "\(table).\(column) IN (SELECT id FROM users WHERE family_id = \(family))"
            case .goal:
                "\(table).goal_id IN (SELECT g.id FROM savings_goals g JOIN children c ON c.id = g.child_id WHERE c.family_id = \(family))"
            }
        }
    }

    /// Every table whose rows a family's reads show. `ResponseCacheTests` checks that each other
    /// table is in `unwatched`, so a new table has to be put in one list or the other.
    static let watched: [(table: String, owner: Owner)] = [
        ("users", .family(column: "family_id")),
        ("children", .family(column: "family_id")),
        ("transactions", .child(column: "child_id")),
        ("child_daily_totals", .child(column: "child_id")),
        ("notifications", .user(column: "user_id")),
        ("notification_preferences", .user(column: "id")),
        ("recurring_transactions", .child(column: "child_id")),
        ("recurring_approvals", .child(column: "child_id")),
        ("transaction_templates", .familyOrAll(column: "family_id")),
        ("template_usage", .family(column: "family_id")),
        ("savings_goals", .child(column: "child_id")),
        ("savings_contributions", .child(column: "child_id")),
        ("goal_milestones", .goal),
        ("parent_matching_rules", .goal),
        ("goal_challenges", .goal),
        ("app_categories", .family(column: "family_id")),
        ("learning_sessions", .child(column: "child_id")),
        ("learning_days", .child(column: "child_id")),
        ("points_entries", .child(column: "child_id")),
        ("learning_goals", .child(column: "child_id")),
        ("child_badges", .child(column: "child_id")),
        ("custom_badges", .family(column: "family_id")),
        ("learning_app_totals", .child(column: "child_id")),
        ("widget_configurations", .user(column: "user_id")),
    ]

    /// Tables no read shows, with why.
    static let unwatched: [String: String] = [
        "_fluent_migrations": "the schema's history",
        "sessions": "looked up afresh on every request, never kept",
        "idempotency_keys": "replayed answers to money-moving POSTs, never to reads",
        "occurrences": "a job's claim, always written with the rows of the work it claims",
        "rate_limit_hits": "counted afresh on every attempt",
        "login_failures": "counted afresh on every sign-in",
        "data_version_pending": "PostgreSQL's notes of the families a transaction changed, gone before it commits",
        "child_data_versions": "PostgreSQL's numbers per child, moved at each commit (AddChildDataVersion)",
        "data_version_holds": "SQLite's hold on two triggers, for a payday batch's own transaction (HoldDataVersionTriggers)",
    ]

    func prepare(on database: Database) async throws {
        try await database.schema("families").field("data_version", .int64, .required, .sql(.default(0))).update()
        guard (database as? SQLDatabase)?.dialect.name == "sqlite" else { return }
        for statement in Self.triggers { try await database.sql.raw(SQLQueryString(statement)).run() }
    }

    func revert(on database: Database) async throws {
        if (database as? SQLDatabase)?.dialect.name == "sqlite" {
            for name in Self.triggerNames { try await database.sql.raw("DROP TRIGGER IF EXISTS \(unsafeRaw: name)").run() }
        }
        try await database.schema("families").deleteField("data_version").update()
    }

    private static let bump = "UPDATE families SET data_version = data_version + 1 WHERE"

    /// Three per watched table (a row added, changed, removed), and the family's own row when
    /// a setting changes (not when a trigger moved the number: that would count twice).
    static var triggers: [String] {
        triggers(
            body: { _, _, owner, row in "\(bump) \(owner.families(of: row));" }, settingsChanged: "\(bump) id = NEW.id;")
    }

    /// The triggers of `triggerNames`, each running `body(table, event, owner, row)` (`row` is
    /// `NEW` or `OLD`), and the family's own with `settingsChanged`: `AddChildDataVersion`
    /// puts other bodies in the same triggers.
    static func triggers(
        body: (_ table: String, _ event: String, _ owner: Owner, _ row: String) -> String, settingsChanged: String
    ) -> [String] {
        var statements = watched.flatMap { table, owner in
            [("INSERT", "NEW"), ("UPDATE", "NEW"), ("DELETE", "OLD")].map { event, row in
                """
                CREATE TRIGGER IF NOT EXISTS \(triggerName(table, event)) AFTER \(event) ON \(table)
                BEGIN \(body(table, event, owner, row)) END
                """
            }
        }
        statements.append(
            """
            CREATE TRIGGER IF NOT EXISTS data_version_families_update AFTER UPDATE ON families
            WHEN NEW.data_version = OLD.data_version BEGIN \(settingsChanged) END
            """)
        return statements
    }

    static var triggerNames: [String] {
        watched.flatMap { table, _ in names(ofTriggersOn: table) } + ["data_version_families_update"]
    }

    /// What a watched table's triggers follow: a row added, changed, removed.
    static let events = ["INSERT", "UPDATE", "DELETE"]

    /// The name of `table`'s trigger for `event`, the same on both databases.
    static func triggerName(_ table: String, _ event: String) -> String { "data_version_\(table)_\(event.lowercased())" }

    /// `table`'s three triggers' names.
    static func names(ofTriggersOn table: String) -> [String] { events.map { triggerName(table, $0) } }

    /// The owner of the watched table `table`.
    static func owner(of table: String) -> Owner {
        guard let owner = watched.first(where: { $0.table == table })?.owner else { preconditionFailure("\(table) is not a watched table") }
        return owner
    }

    /// The statement of `statements` (a list `triggers(body:settingsChanged:)` made) that creates
    /// the trigger `name`.
    static func statement(creating name: String, in statements: [String]) -> String {
        guard let statement = statements.first(where: { $0.contains(" \(name) AFTER ") }) else {
            preconditionFailure("no trigger named \(name) among the statements")
        }
        return statement
    }
}
