import AllowanceAPI
import Foundation
import SQLKit
import Synchronization

/// Notifications stored together, each only if its user has not turned its kind off: one
/// statement for up to `rowsPerStatement` of them, which reads the users' preferences itself.
///
/// An SQLite group commit's writers (`GroupCommit`) ask for theirs through `current`, and the
/// group stores them after its last writer, in the same transaction: a money move's
/// notification then costs no round trip of its own to SQLite's thread, which is what a writer
/// waits on. Only a group that runs without savepoints collects them: when a writer fails, the
/// group runs again with a savepoint each and every notification is stored as it is asked for,
/// so a refused writer's notifications are undone with the rest of its work. (So a writer must
/// not catch a failure of its own and go on after asking for a notification about the undone
/// part; none does.) A payday batch stores its children's the same way.
final class NotificationBatch: Sendable {
    /// The batch of the group whose writer is running, if any.
    @TaskLocal static var current: NotificationBatch?

    /// Rows per statement: on SQLite 7 bound values each, far below its limit (on PostgreSQL 7 arrays).
    static let rowsPerStatement = 500

    /// One notification, and its kind (whose switches decide).
    struct Row: Sendable {
        let id: UUID
        let userID: UUID
        let type: NotificationType
        let title: String
        let message: String
        let childID: UUID?
        let at: Date

        /// `id` is a new time-ordered one unless given (a payday batch makes its ids together).
        init(id: UUID? = nil, _ userID: UUID, type: NotificationType, title: String, message: String, childID: UUID?, at now: Date) {
            self.id = id ?? UUID.timeOrdered()
            self.userID = userID
            self.type = type
            self.title = title
            self.message = message
            self.childID = childID
            self.at = now
        }
    }

    private let rows = Mutex<[Row]>([])

    func add(_ row: Row) {
        rows.withLock { $0.append(row) }
    }

    /// Stores what was collected: a group's inside its transaction, before its commit; a
    /// payday batch's with the batch.
    func store(on sql: any SQLDatabase) async throws {
        try await Self.store(rows.withLock { $0 }, on: sql)
    }

    /// Stores `rows` now. The rows are one table (`SQLRows`) read by one `SELECT`, rather than
    /// one `SELECT` each: SQLite keeps every `SELECT`'s cursors open to the end of the
    /// statement, and each row's `data_version` trigger then walked all of them (with the
    /// ledger's rows, 11 % of a 10,000-child payday went on that walk).
    static func store(_ rows: [Row], on sql: any SQLDatabase) async throws {
        for start in stride(from: 0, to: rows.count, by: rowsPerStatement) {
            try await sql.raw(insert(rows[start..<min(start + rowsPerStatement, rows.count)], on: sql)).run()
        }
    }

    /// The statement that stores `rows` (at most `rowsPerStatement`, at least one).
    static func insert(_ rows: some Collection<Row>, on sql: any SQLDatabase) -> SQLQueryString {
        let table = SQLRows(
            .ids(rows.map(\.id)), .ids(rows.map(\.userID)), .texts(rows.map(\.type.rawValue)), .texts(rows.map(\.title)),
            .texts(rows.map(\.message)), .optionalIDs(rows.map(\.childID)), .dates(rows.map(\.at)))
        return """
            INSERT INTO notifications (id, user_id, type, title, message, child_id, is_read, created_at)
            SELECT v.column1, v.column2, v.column3, v.column4, v.column5, v.column6, \(bind: false), v.column7
            FROM
            """ + table.table(on: sql)
                + """
                 JOIN users ON users.id = v.column2 LEFT JOIN notification_preferences p ON p.id = users.id
                WHERE \(allowed(Set(rows.map(\.type))))
                """
    }

    /// Whether each row's kind gets through to its user (`NotificationPreference.allowsSQL`).
    private static func allowed(_ types: Set<NotificationType>) -> SQLQueryString {
        let cases = types.sorted { $0.rawValue < $1.rawValue }.map { type -> SQLQueryString in
            "WHEN \(bind: type.rawValue) THEN \(NotificationPreference.allowsSQL(type, row: "p"))"
        }
        return "CASE v.column3 " + cases.joined(separator: " ") + " END"
    }
}
