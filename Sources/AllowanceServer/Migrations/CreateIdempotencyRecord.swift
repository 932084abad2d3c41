import Fluent

struct CreateIdempotencyRecord: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema("idempotency_keys")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("key", .string, .required)
            .field("request_hash", .string, .required)
            .field("status_code", .int)
            .field("response_body", .string)
            .field("created_at", .datetime, .required)
            // Two requests racing with one key: the database lets exactly one in.
            .unique(on: "user_id", "key")
            .create()
    }

    func revert(on database: Database) async throws {
        try await database.schema("idempotency_keys").delete()
    }
}
