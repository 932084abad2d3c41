import FluentKit
import Foundation
import NIOConcurrencyHelpers
import NIOPosix
import SQLiteKit
import VaporCSQLite

/// The connection SQLite's group commit writes on (`GroupCommit`), with each statement
/// prepared once and run where the writer already is.
///
/// Through SQLiteNIO, every statement of every writer was parsed afresh, with the programs
/// of the data-version triggers it fires, and sent to an I/O thread and back; a group's
/// statements took turns on its one connection, about 80 µs each, so a group of postings
/// waited on them more than on its flush. Here a statement runs in tens of microseconds on the
/// writer's own thread, and so do `BEGIN IMMEDIATE`, which never waits (when another process
/// holds the file it fails at once as busy, and the group commit tries again a little later),
/// and `COMMIT`.
///
/// It is SQLite's own connection (the library SQLiteNIO builds) on the same file, as the
/// readers' are, with SQLiteNIO's settings: foreign keys on, full sync (SQLite's default).
/// Only its checkpoints are made beside it, not in its commits (`SQLiteCheckpoints`).
final class SQLiteWriter: Sendable {
    private let path: String
    /// Opened on first use. The lock also makes each statement whole: a group's writers of
    /// different families run side by side on it.
    private let connection = NIOLockedValueBox<SQLiteReads.Connection?>(nil)
    /// Referenced by the connection's commit hook, so it lives as long as the connection.
    private let checkpoints: SQLiteCheckpoints
    /// What Fluent's model code reads from the database it is given (logger, event loop,
    /// the configuration the metrics hang on).
    let context: DatabaseContext
    /// Where the groups run, one after another (`GroupCommit`): the writer's thread, so that
    /// their statements (a payday batch's take tens of milliseconds) hold up none of the event
    /// loops. A group's writers, its `COMMIT` and the next group follow each other there.
    /// When they ran on the I/O threads, each step woke another of five threads, and the
    /// flush was one more hop: on the bench's mixed database, 32 connections posting, a group
    /// of about nine was committed every 3.3 ms, here every 3.1 ms (2,510 to 2,680 postings a
    /// second before, 2,680 to 2,850 here).
    let executor: ThreadPoolExecutor
    private let thread = NIOThreadPool(numberOfThreads: 1)

    /// `threadPool` makes the checkpoints (`SQLiteCheckpoints`).
    init(path: String, threadPool: NIOThreadPool, context: DatabaseContext) {
        self.path = path
        self.context = context
        checkpoints = SQLiteCheckpoints(path: path, threadPool: threadPool, logger: context.logger)
        thread.start()
        executor = ThreadPoolExecutor(threadPool: thread)
    }

    deinit {
        connection.withLockedValue { $0?.close() }
        checkpoints.close()
        thread.shutdownGracefully { _ in }
    }

    /// Runs `body` in one transaction on this connection: committed when it returns, rolled
    /// back when it throws. A file another process is writing throws `SQLiteResultError` with
    /// `isBusy` at once, before any of `body` has run.
    func transaction<T: Sendable>(_ body: @Sendable (SQLiteWriterDatabase) async throws -> T) async throws -> T {
        try run("BEGIN IMMEDIATE", inTransaction: false)
        do {
            let value = try await body(SQLiteWriterDatabase(writer: self, logger: context.logger))
            try run("COMMIT")
            return value
        } catch {
            rollBack()
            throw error
        }
    }

    /// Runs one statement of the open transaction with its binds, handing each row to `onRow`.
    /// If SQLite has ended the transaction by itself, the statement is refused: run alone, it
    /// would commit on its own, and the group will run again.
    func run(
        _ sql: String, _ binds: [SQLiteData] = [], inTransaction: Bool = true, _ onRow: (SQLiteReads.Row) throws -> Void = { _ in }
    ) throws {
        try connection.withLockedValue { connection in
            let open = try connection ?? opened()
            connection = open
            guard open.isInTransaction == inTransaction else {
                throw SQLiteResultError(
                    code: SQLITE_ABORT, message: inTransaction ? "the transaction was rolled back" : "a transaction is still open")
            }
            try open.run(try open.statementToWrite(sql), binds, onRow)
        }
    }

    /// Undoes the open transaction, if SQLite has not already. A connection left in one would
    /// refuse every later group and keep the file's lock, so it is closed, and the next group
    /// opens another.
    private func rollBack() {
        connection.withLockedValue { connection in
            guard let open = connection, open.isInTransaction else { return }
            try? open.execute("ROLLBACK")
            if open.isInTransaction {
                open.close()
                connection = nil
            }
        }
    }

    private func opened() throws -> SQLiteReads.Connection {
        // No waiting on the writer's thread: the group commit retries a busy file itself, and
        // answers its writers after about ten seconds of it (`GroupCommit.busyAttempts`).
        let connection = try SQLiteReads.Connection(path: path, writes: true, busyTimeout: 0)
        try connection.execute("PRAGMA foreign_keys = ON")
        // A statement that may fail halfway through a group's transaction keeps what it
        // changed in a statement journal, a temporary file by default: opened, written and
        // closed on the writer's thread for most postings. In memory it costs none of that, and
        // it only ever undoes one statement, so nothing durable depends on it (alternating
        // builds, mixed database, four rounds each: postings 2,514-2,750 to 2,736-2,998 req/s).
        try connection.execute("PRAGMA temp_store = MEMORY")
        connection.onCommit(SQLiteCheckpoints.hook, context: Unmanaged.passUnretained(checkpoints).toOpaque())
        return connection
    }
}
