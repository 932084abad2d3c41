import Fluent
import SQLKit

struct CreateChild: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema("children")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("family_id", .uuid, .required, .references("families", "id", onDelete: .cascade))
            .field("weekly_allowance_cents", .int64, .required)
            .field("allowance_day", .int, .required)
            .field("balance_cents", .int64, .required)
            .field("created_at", .datetime)
            .unique(on: "user_id")
            // The database itself refuses an overdraft, behind the service's own check.
            .constraint(.custom(SQLRaw("CHECK (balance_cents >= 0)")))
            .create()
        try await database.sql.create(index: "children_family_idx").on("children").column("family_id").run()
    }

    func revert(on database: Database) async throws {
        try await database.schema("children").delete()
    }
}
