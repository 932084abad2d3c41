import SQLKit
import Synchronization

/// The notifications asked for by one SQLite group commit's writers (`GroupCommit`), stored
/// after its last writer by one statement in the same transaction: a money move's notification
/// then costs no round trip of its own to SQLite's thread, which is what a writer waits on.
///
/// Only a group that runs without savepoints collects them: when a writer fails, the group runs
/// again with a savepoint each and every notification is stored as it is asked for, so a refused
/// writer's notifications are undone with the rest of its work. (So a writer must not catch a
/// failure of its own and go on after asking for a notification about the undone part; none does.)
final class NotificationBatch: Sendable {
    /// The batch of the group whose writer is running, if any.
    @TaskLocal static var current: NotificationBatch?

    static let insert: SQLQueryString = "INSERT INTO notifications (id, user_id, type, title, message, child_id, is_read, created_at) "
    /// SQLite takes at most 500 selects in one compound statement.
    static let rowsPerStatement = 100

    /// Each a `SELECT` of one notification's row (`NotificationService.row`).
    private let rows = Mutex<[SQLQueryString]>([])

    func add(_ row: SQLQueryString) {
        rows.withLock { $0.append(row) }
    }

    /// Stores what was collected: a group's inside its transaction, before its commit; a
    /// payday batch's with the batch.
    func store(on sql: any SQLDatabase) async throws {
        let rows = rows.withLock { $0 }
        for start in stride(from: 0, to: rows.count, by: Self.rowsPerStatement) {
            let chunk = Array(rows[start..<min(start + Self.rowsPerStatement, rows.count)])
            try await sql.raw(Self.insert + .joined(chunk, separator: " UNION ALL ")).run()
        }
    }
}
