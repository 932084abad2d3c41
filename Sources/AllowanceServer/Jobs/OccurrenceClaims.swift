import Fluent
import Foundation
import SQLKit

/// Exactly-once for background work. Before posting an occurrence a job claims its key
/// (`recurring:<id>:<n>`, a reminder's) in the same transaction as the posting. (Paydays are
/// claimed on the child's row instead, which the payday updates anyway: `PaydayClaims`.)
/// The key column is UNIQUE: when two runs (or two servers) reach the same occurrence, the
/// database lets one claim in and tells the other it is taken. `ON CONFLICT DO NOTHING` is
/// the unique check without an error, so on PostgreSQL the loser's transaction stays usable
/// (a failed INSERT would abort it) and it simply posts nothing; a claim rolled back with its
/// transaction frees the key again.
enum OccurrenceClaims {
    /// true: the occurrence is ours to post. false: someone else has handled it.
    static func claim(_ key: String, job: String, subject: UUID, dueAt: Date, now: Date, on db: Database) async throws -> Bool {
        precondition(db.inTransaction, "an occurrence is claimed in the transaction that posts it")
        struct Row: Decodable { let id: UUID }
        let claimed = try await db.sql.raw(
            """
            INSERT INTO occurrences (id, key, job, subject_id, due_at, created_at)
            VALUES (\(bind: UUID.timeOrdered()), \(bind: key), \(bind: job), \(bind: subject), \(bind: dueAt), \(bind: now))
            ON CONFLICT (key) DO NOTHING RETURNING id
            """
        ).first(decoding: Row.self)
        return claimed != nil
    }
}
