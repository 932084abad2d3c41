import Foundation
import SQLKit

/// Exactly-once for paydays: a payday is claimed on the child's row, in the statement that
/// credits it or just before the credit, in the same transaction (`ClaimPaydaysOnTheChildRow`).
/// The row keeps the local date of the last payday paid; a payday is open while that date is
/// earlier than its own. Two runs (or two servers) reaching the same payday both ask to update
/// the row: the database lets one in, and the other, once the first has committed, finds the
/// date moved and updates nothing (SQLite has one writer; PostgreSQL checks the condition again
/// on the row the first one left). A claim rolled back with its transaction leaves the date
/// where it was, so the payday is owed again.
enum PaydayClaims {
    /// The payday on local date `day` (a bound value, or a column naming it) is not yet paid
    /// to the child of `children`'s row.
    static func isOpen(day: SQLQueryString) -> SQLQueryString {
        "(children.last_payday IS NULL OR children.last_payday < " + day + ")"
    }

    /// Takes the payday on local date `day`, due at `at` (bound values, or columns naming
    /// them): the `SET` of the update that claims it.
    static func take(day: SQLQueryString, at: SQLQueryString) -> SQLQueryString {
        "last_payday = " + day + ", last_paid_at = " + at
    }

    /// Locks the rows of `children` that a batch is about to claim, in id order, before its
    /// claiming update. PostgreSQL locks the rows an `UPDATE ... FROM` changes in the order its
    /// plan meets them, and a prepared statement's first plans (for the values given) and its
    /// later generic one need not meet them alike: two servers paying overlapping batches at
    /// once (each server's scheduler runs the payday) could each hold rows the other waits for.
    /// Locked first in id order, the second waits for the first and then finds the paydays
    /// taken. (SQLite has one writer: nothing to do.)
    static func lockInOrder(_ children: [UUID], on sql: any SQLDatabase) async throws {
        guard sql.isPostgres else { return }
        try await sql.raw("SELECT id FROM children WHERE id" + .isOneOf(children, on: sql) + " ORDER BY id FOR NO KEY UPDATE").run()
    }

    /// The child's allowance is running: not paused, and more than nothing.
    static var isRunning: SQLQueryString {
        "children.allowance_paused = \(bind: false) AND children.weekly_allowance_cents > 0"
    }

    /// Claims one child's payday on local date `day`, due at `payday`, if it is still open
    /// and the allowance is running. Returns the allowance to credit, or nil when there is
    /// nothing to pay: another run paid it, or the allowance was paused, set to zero or the
    /// child removed since the list was read.
    static func claim(child: UUID, day: String, payday: Date, on sql: any SQLDatabase) async throws -> Int64? {
        let row = try await sql.raw(
            "UPDATE children SET " + take(day: "\(bind: day)", at: "\(bind: payday)") + " WHERE children.id = \(bind: child) AND "
                + isOpen(day: "\(bind: day)") + " AND " + isRunning + " RETURNING weekly_allowance_cents"
        ).first()
        return try row?.decode(column: "weekly_allowance_cents", as: Int64.self)
    }
}
