import Fluent
import SQLKit

/// Failed sign-ins, counted by the database so every instance of the server sees them all.
struct CreateLoginFailure: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema("login_failures")
            .id()
            .field("email", .string, .required)
            .field("failed_at", .datetime, .required)
            .create()
        try await database.sql.create(index: "login_failures_email_idx").on("login_failures").column("email").column("failed_at").run()
    }

    func revert(on database: Database) async throws {
        try await database.schema("login_failures").delete()
    }
}
