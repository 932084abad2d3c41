import Fluent
import SQLKit

/// Indexes for the reads and jobs that look rows up by owner rather than by id. Without them
/// every notification list and unread count scanned the whole notifications table (650,000
/// rows for 1,000 families after a year), and a payday run scanned every past claim for each
/// child it paid.
///
/// Each set of indexes added later is a migration of its own (`Migrations.all`), so a
/// database that ran the first set gets the next.
struct AddQueryIndexes: AsyncMigration {
    typealias Index = (name: String, table: String, columns: String)

    let name: String
    /// name, table, columns: the reads each one serves are in the comments.
    let indexes: [Index]
    /// Indexes the new ones make redundant, dropped once they exist (made again on revert).
    var replacing: [Index] = []

    /// The first set, under the name Fluent gave it then.
    static let owners = AddQueryIndexes(name: "AllowanceServer.AddQueryIndexes", indexes: ownerIndexes)

    /// The quick-add templates a family sees are the global ones and its own
    /// (`TemplateService.query`): with only the family's searchable, both databases read every
    /// family's templates for each page and grid that shows them.
    static let globalTemplates = AddQueryIndexes(
        name: "AllowanceServer.AddGlobalTemplatesIndex",
        indexes: [("transaction_templates_global_idx", "transaction_templates", "is_global")])

    /// A goal list sums each goal's savings over its pace window (`GoalRows.saved`). With
    /// only the goal and time in the index, each contribution in the window cost a read of its
    /// row for the amount and type, and a goal's rows lie far apart (every family's
    /// contributions are written in time order): after any commit, when SQLite's readers
    /// start from an empty page cache, a goal list read a page per contribution (740 for one
    /// child's two goals, 400 to 450 contributions each, on a mixed database grown by many
    /// bench runs). With the amount and type in the index the sum reads only its leaf pages (18). The columns before them are the old
    /// index's, so the goal's history, newest first (`GoalRows.list`), still reads it in order.
    static let goalSavingSums = AddQueryIndexes(
        name: "AllowanceServer.AddGoalSavingSumsIndex",
        indexes: [
            ("savings_contributions_goal_sums_idx", "savings_contributions", "goal_id, created_at, entry_number, type, amount_cents")
        ],
        replacing: [("savings_contributions_goal_created_idx", "savings_contributions", "goal_id, created_at, entry_number")])

    /// Claims were indexed twice over the same columns: by job, child and date (made with the
    /// table, for the last payday paid to each child) and by child, job and date
    /// (`occurrences_subject_idx`, for a removed child's claims too). Every read of them names
    /// the child, so the second serves them all, and each claim written (every payday, every
    /// recurring posting) added to both: about 4 % of a 10,000-child payday on SQLite.
    static let claimsByChild = AddQueryIndexes(
        name: "AllowanceServer.DropClaimsJobIndex", indexes: [],
        replacing: [("occurrences_job_subject_due_idx", "occurrences", "job, subject_id, due_at")])

    /// Two indexes no read uses. Contributions by child and time served nothing: every read
    /// of them names the goal (its history, its saving sums, the audit); yet each contribution,
    /// match and auto-transfer wrote a leaf of it, one more page in the writer's commit. The
    /// one statement it helped is rare: removing a child now reads the contributions once to
    /// find the child's (the foreign key's cascade): on SQLite, at a year of 1,000 families,
    /// 0.09 s where it took 0.02 s.
    /// A child's goals by child alone are the first column of the goal list's own index
    /// (`savings_goals_child_priority_idx`, child, priority and time).
    static let unread = AddQueryIndexes(
        name: "AllowanceServer.DropUnreadIndexes", indexes: [],
        replacing: [
            ("savings_contributions_child_idx", "savings_contributions", "child_id, created_at"),
            ("savings_goals_child_idx", "savings_goals", "child_id"),
        ])

    /// A user's notifications were indexed twice, by time (the list) and by whether they are
    /// read (the unread count), and every notification stored (each posting's, each payday's)
    /// wrote a leaf of both, each at a random place, since users' rows lie apart. One index by
    /// user, read state and time serves both: the count reads the unread range, the unread list
    /// reads it newest first, and the whole list merges the unread and the read ranges, each
    /// newest first, stopping at its limit (`NotificationService.list`). Measured on the bench's
    /// mixed database, 32 connections posting, alternating builds: 73 KB written to disk a
    /// posting before, 61-62 after (WAL frames and their checkpoints' copies), and 1,412-1,605
    /// postings a second before, 1,623-2,076 after; a 10,000-child payday within the spread.
    static let notificationsByReadState = AddQueryIndexes(
        name: "AllowanceServer.OneNotificationIndex",
        indexes: [("notifications_user_read_created_idx", "notifications", "user_id, is_read, created_at")],
        replacing: [
            ("notifications_user_created_idx", "notifications", "user_id, created_at"),
            ("notifications_user_unread_idx", "notifications", "user_id, is_read"),
        ])

    private static let ownerIndexes: [Index] = [
        // A child's ledger page, newest first (`LedgerService.list`).
        ("transactions_child_created_idx", "transactions", "child_id, created_at, entry_number"),
        // A user's notifications, newest first, and their unread count (both replaced by one
        // later: `notificationsByReadState`).
        ("notifications_user_created_idx", "notifications", "user_id, created_at"),
        ("notifications_user_unread_idx", "notifications", "user_id, is_read"),
        // The last payday paid to a child, and a child's claims when the child is removed.
        ("occurrences_subject_idx", "occurrences", "subject_id, job, due_at"),
        // A family's members and children (dashboards, access checks).
        ("users_family_idx", "users", "family_id"),
        ("children_family_idx", "children", "family_id"),
        // A user's sessions, ended together when the password changes.
        ("sessions_user_idx", "sessions", "user_id"),
        // A child's goals, their contributions, challenges and schedules (the first two
        // dropped later: `unread`).
        ("savings_goals_child_idx", "savings_goals", "child_id"),
        ("savings_contributions_child_idx", "savings_contributions", "child_id, created_at"),
        ("goal_challenges_goal_idx", "goal_challenges", "goal_id"),
        ("recurring_transactions_child_idx", "recurring_transactions", "child_id"),
        ("recurring_approvals_child_idx", "recurring_approvals", "child_id"),
        ("transaction_templates_family_idx", "transaction_templates", "family_id"),
        ("learning_sessions_child_idx", "learning_sessions", "child_id, start_time"),
        // Rate limits count a bucket's recent hits; keys expire by age.
        ("rate_limit_hits_bucket_idx", "rate_limit_hits", "bucket, hit_at"),
        ("idempotency_keys_created_idx", "idempotency_keys", "created_at"),
    ]

    func prepare(on database: Database) async throws {
        for index in indexes { try await Self.create(index, on: database.sql) }
        for index in replacing { try await Self.drop(index, on: database.sql) }
    }

    func revert(on database: Database) async throws {
        for index in replacing { try await Self.create(index, on: database.sql) }
        for index in indexes { try await Self.drop(index, on: database.sql) }
    }

    private static func create(_ index: Index, on sql: SQLDatabase) async throws {
        try await sql.raw("CREATE INDEX IF NOT EXISTS \(unsafeRaw: index.name) ON \(unsafeRaw: index.table) (\(unsafeRaw: index.columns))")
            .run()
    }

    private static func drop(_ index: Index, on sql: SQLDatabase) async throws {
        try await sql.raw("DROP INDEX IF EXISTS \(unsafeRaw: index.name)").run()
    }
}
