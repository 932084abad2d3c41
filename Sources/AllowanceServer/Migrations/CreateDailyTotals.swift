import Fluent

/// Per child and local day: money in, money out and the number of entries. Kept in the same
/// transaction as each ledger row, so dashboards read a month in at most 31 rows however
/// long the ledger grows.
struct CreateDailyTotals: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema("child_daily_totals")
            .field("child_id", .uuid, .required, .references("children", "id", onDelete: .cascade))
            .field("day", .string, .required)
            .field("credits_cents", .int64, .required)
            .field("debits_cents", .int64, .required)
            .field("entry_count", .int, .required)
            .compositeIdentifier(over: "child_id", "day")
            .create()
    }

    func revert(on database: Database) async throws {
        try await database.schema("child_daily_totals").delete()
    }
}
