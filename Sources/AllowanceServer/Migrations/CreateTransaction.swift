import Fluent
import SQLKit

struct CreateTransaction: AsyncMigration {
    /// The name databases already record this migration under (it was named for the ledger).
    var name: String { "AllowanceServer.CreateLedger" }

    func prepare(on database: Database) async throws {
        try await database.schema("transactions")
            .id()
            .field("child_id", .uuid, .required, .references("children", "id", onDelete: .cascade))
            .field("amount_cents", .int64, .required)
            .field("type", .string, .required)
            .field("description", .string, .required)
            .field("category", .string)
            .field("notes", .string)
            .field("balance_after_cents", .int64, .required)
            .field("created_by", .uuid, .references("users", "id", onDelete: .setNull))
            .field("created_at", .datetime, .required)
            // The child's entries are numbered 1, 2, 3... in posting order: a total order even
            // for entries that share an instant.
            .field("entry_number", .int64, .required)
            .unique(on: "child_id", "entry_number")
            .create()
        // Every list and dashboard reads one child's newest rows first, in exactly this order,
        // so a page is read off the index however long the ledger is.
        try await database.sql.create(index: "transactions_child_created_idx")
            .on("transactions").column("child_id").column("created_at").column("entry_number").run()
    }

    func revert(on database: Database) async throws {
        try await database.schema("transactions").delete()
    }
}
