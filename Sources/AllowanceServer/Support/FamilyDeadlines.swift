import Foundation
import SQLKit

/// When an answer can stop being true with nothing written: the clock passing an instant
/// stored in the family's rows (a matching offer's expiry, a challenge's end, the end of
/// premium), or a new minute (a day, a week, quiet hours and reminder times all start on a
/// whole minute). `ResponseCache` keeps an answer until the earlier of the two.
enum FamilyDeadlines {
    typealias Owner = AddFamilyDataVersion.Owner

    /// The instants reads compare with the clock, beyond calendar days.
    static let columns: [(table: String, column: String, owner: Owner)] = [
        ("families", "premium_until", .family(column: "id")),
        ("savings_goals", "target_date", .child(column: "child_id")),
        ("parent_matching_rules", "expires_at", .goal),
        ("goal_challenges", "start_date", .goal),
        ("goal_challenges", "end_date", .goal),
        ("learning_goals", "start_date", .child(column: "child_id")),
        ("learning_goals", "end_date", .child(column: "child_id")),
        ("recurring_transactions", "start_date", .child(column: "child_id")),
        ("recurring_transactions", "end_date", .child(column: "child_id")),
        ("recurring_transactions", "next_execution_date", .child(column: "child_id")),
        ("recurring_approvals", "due_at", .child(column: "child_id")),
    ]

    /// The other instants (and numbers) stored as REAL in the family's tables: each says when
    /// something happened, and reads compare it with the clock by calendar day at most.
    /// `ResponseCacheTests` checks that every REAL column is in one list or the other.
    static let notDeadlines: Set<String> = [
        "families.created_at", "users.created_at", "children.created_at", "children.allowance_resumed_at",
        "children.last_paid_at",
        "transactions.created_at", "notifications.created_at", "notifications.read_at", "recurring_transactions.last_executed_at",
        "recurring_transactions.created_at", "recurring_transactions.updated_at", "recurring_approvals.created_at",
        "recurring_approvals.decided_at", "transaction_templates.created_at", "savings_goals.completed_at",
        "savings_goals.purchased_at", "savings_goals.created_at", "savings_goals.updated_at", "savings_contributions.created_at",
        "goal_milestones.achieved_at", "parent_matching_rules.created_at", "goal_challenges.completed_at",
        "goal_challenges.ended_at", "goal_challenges.created_at", "app_categories.created_at", "learning_sessions.start_time",
        "learning_sessions.end_time", "learning_sessions.created_at", "points_entries.created_at", "learning_goals.completed_at",
        "learning_goals.failed_at", "learning_goals.closed_at", "learning_goals.created_at", "learning_goals.last_modified_at",
        "child_badges.first_earned_at", "child_badges.last_earned_at", "custom_badges.created_at", "custom_badges.retired_at",
        "widget_configurations.created_at", "widget_configurations.updated_at",
        // A number: how much of a learning goal to reach.
        "learning_goals.target_value",
    ]

    /// The first of the family's instants after `now`, if any: one query, each part by the
    /// owner's index.
    static func next(after now: Date, family: UUID, on sql: any SQLDatabase) async throws -> Date? {
        let parts = columns.map { table, column, owner in
            "SELECT MIN(\(table).\(column)) AS d FROM \(table) WHERE \(table).\(column) > (SELECT now FROM me) AND "
                + owner.rows(of: table, in: "(SELECT id FROM me)")
        }
        let query = sql.raw(
            "WITH me(id, now) AS (VALUES (\(bind: family), \(bind: now))) SELECT MIN(d) AS next FROM ("
                + SQLQueryString(parts.joined(separator: " UNION ALL ")) + ") AS deadlines")
        // PostgreSQL keeps the columns' type through the union; SQLite answers its stored number.
        if sql.isPostgres {
            struct Row: Decodable { let next: Date? }
            return try await query.first(decoding: Row.self)?.next
        }
        struct Row: Decodable { let next: Double? }
        return try await query.first(decoding: Row.self)?.next.map(Date.init(timeIntervalSince1970:))
    }
}
