import Fluent
import Foundation
import SQLKit

/// Each child's paydays claimed on the child's own row: `children.last_payday`, the local date
/// of the last payday paid (`YYYY-MM-DD`, the family's zone), and `last_paid_at`, its instant.
///
/// A payday was claimed by a row of its own in `occurrences` (`payday:<child>:<day>`, a unique
/// key). Yet the payday updates the child's row anyway, for the balance, and the row's lock is
/// as good a claim: the credit takes the payday only where the row's last payday is an earlier
/// day, so a second run, or a second server, finds it taken and pays nothing. A claim row was
/// one more table and two more indexes written for every child of a payday (37 ms of a
/// 10,000-child payday's statements on SQLite, and a leaf of the key's index at a random place
/// each), and the payday's read of whom it owes searched the claims for each child's latest.
///
/// Dates compare as text: a day's key sorts as the day does. Comparing days rather than
/// instants keeps what the keys kept: a family that moves to another zone is not paid twice
/// for one local day. Paydays go oldest first, so "an earlier day than this one" is "not yet
/// paid".
///
/// The claims already made are folded into the rows and left where they are: a server of the
/// version before, if one were still running against this database, would otherwise find
/// every past week unclaimed and pay it again. (It would still pay again the paydays claimed
/// on the rows after this migration: stop every server of the version before first.)
/// Recurring schedules and reminders keep their claims in `occurrences` (`OccurrenceClaims`).
/// In one transaction, so a failure leaves the columns as they were and the migration can run again.
struct ClaimPaydaysOnTheChildRow: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.transaction { database in
            // SQLite adds one column per statement.
            try await database.schema("children").field("last_payday", .string).update()
            try await database.schema("children").field("last_paid_at", .datetime).update()
            let day = database.sql.isPostgres ? "right(o.key, 10)" : "substr(o.key, -10)"
            try await database.sql.raw(
                """
                UPDATE children SET
                    last_payday = (SELECT MAX(\(unsafeRaw: day)) FROM occurrences o WHERE o.job = \(bind: PaydayService.jobName) AND o.subject_id = children.id),
                    last_paid_at = (SELECT MAX(o.due_at) FROM occurrences o WHERE o.job = \(bind: PaydayService.jobName) AND o.subject_id = children.id)
                """
            ).run()
        }
    }

    /// Each child's last payday back as a claim of its own (if it is not there already), the
    /// one the payday's read needs.
    func revert(on database: Database) async throws {
        let sql = database.sql
        let children = try await sql.raw("SELECT id, last_payday, last_paid_at FROM children WHERE last_payday IS NOT NULL").all()
        for row in children {
            let child = try row.decode(column: "id", as: UUID.self)
            let day = try row.decode(column: "last_payday", as: String.self)
            let paidAt = try row.decode(column: "last_paid_at", as: Date.self)
            try await sql.raw(
                """
                INSERT INTO occurrences (id, key, job, subject_id, due_at, created_at)
                VALUES (\(bind: UUID.timeOrdered()), \(bind: "payday:\(child.uuidString.lowercased()):\(day)"),
                        \(bind: PaydayService.jobName), \(bind: child), \(bind: paidAt), \(bind: paidAt))
                ON CONFLICT (key) DO NOTHING
                """
            ).run()
        }
        try await database.schema("children").deleteField("last_paid_at").update()
        try await database.schema("children").deleteField("last_payday").update()
    }
}
