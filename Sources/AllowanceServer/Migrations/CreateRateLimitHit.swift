import Fluent
import SQLKit

/// Attempts counted by `RateLimit` (sign-ins, password changes, registrations), in one table
/// keyed by action and key. It replaces `login_failures`, whose rows are sign-in attempts of
/// at most 15 minutes ago: dropping them forgives those few.
struct CreateRateLimitHit: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema("rate_limit_hits")
            .id()
            .field("bucket", .string, .required)
            .field("hit_at", .datetime, .required)
            .create()
        try await database.sql.create(index: "rate_limit_hits_bucket_idx").on("rate_limit_hits").column("bucket").column("hit_at").run()
        try await database.schema("login_failures").delete()
    }

    func revert(on database: Database) async throws {
        try await CreateLoginFailure().prepare(on: database)
        try await database.schema("rate_limit_hits").delete()
    }
}
