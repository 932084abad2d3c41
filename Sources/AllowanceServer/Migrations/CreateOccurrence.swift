import Fluent
import SQLKit

/// One row per occurrence a background job has handled, under a unique key
/// (`payday:<child>:<day>`, `recurring:<id>:<n>`). A job claims the key in the same
/// transaction as its posting, so the same occurrence is posted once however many times,
/// or by however many servers, the job runs.
struct CreateOccurrence: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema("occurrences")
            .id()
            .field("key", .string, .required)
            .field("job", .string, .required)
            .field("subject_id", .uuid, .required)
            .field("due_at", .datetime, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "key")
            .create()
        // "The last payday paid to this child" is read for every child on every run.
        try await database.sql.create(index: "occurrences_job_subject_due_idx")
            .on("occurrences").column("job").column("subject_id").column("due_at").run()
    }

    func revert(on database: Database) async throws {
        try await database.schema("occurrences").delete()
    }
}
