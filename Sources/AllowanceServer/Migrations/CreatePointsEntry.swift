import Fluent
import SQLKit

/// The points ledger, as exact as the money one: every change of a child's points is one
/// immutable row with the balance after it, and `children.points_balance` (never below zero,
/// by constraint) is the cache of their sum. `points_earned` counts every Earned point ever.
struct CreatePointsEntry: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema("points_entries")
            .id()
            .field("child_id", .uuid, .required, .references("children", "id", onDelete: .cascade))
            .field("entry_number", .int64, .required)
            .field("type", .string, .required)
            .field("amount", .int64, .required)
            .field("balance_after", .int64, .required)
            .field("description", .string, .required)
            .field("session_id", .uuid)
            .field("transaction_id", .uuid)
            .field("created_by", .uuid, .references("users", "id", onDelete: .setNull))
            .field("created_at", .datetime, .required)
            .unique(on: "child_id", "entry_number")
            .create()
        // SQLite adds one column per statement; the CHECK keeps the cache honest on both engines.
        try await database.schema("children")
            .field("points_balance", .int64, .required, .sql(.default(0)), .sql(.check(SQLRaw("points_balance >= 0")))).update()
        try await database.schema("children").field("points_earned", .int64, .required, .sql(.default(0))).update()
        // A family's Premium plan and its points-to-money rate (points per dollar; none by default).
        try await database.schema("families").field("premium_until", .datetime).update()
        try await database.schema("families").field("points_per_dollar", .int).update()
    }

    func revert(on database: Database) async throws {
        try await database.schema("families").deleteField("points_per_dollar").update()
        try await database.schema("families").deleteField("premium_until").update()
        try await database.schema("children").deleteField("points_earned").update()
        try await database.schema("children").deleteField("points_balance").update()
        try await database.schema("points_entries").delete()
    }
}
