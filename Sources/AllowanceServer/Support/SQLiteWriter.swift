import FluentKit
import FluentSQL
import Foundation
import NIOConcurrencyHelpers
import NIOPosix
import SQLKit
import SQLiteKit
import VaporCSQLite

/// The connection SQLite's group commit writes on (`GroupCommit`), with each statement
/// prepared once and run where the writer already is.
///
/// Through SQLiteNIO, every statement of every writer was parsed afresh, with the programs
/// of the data-version triggers it fires, and sent to an I/O thread and back; a group's
/// statements took turns on its one connection, about 80 µs each, so a group of postings
/// waited on them more than on its flush. Here a statement runs in tens of microseconds on the
/// writer's own thread, and so does `BEGIN IMMEDIATE`, which never waits: when another process
/// holds the file it fails at once as busy, and the group commit tries again a little later.
/// Only `COMMIT`, which waits for the disk, goes to the I/O threads.
///
/// It is SQLite's own connection (the library SQLiteNIO builds) on the same file, as the
/// readers' are, with SQLiteNIO's settings: foreign keys on, full sync (SQLite's default).
/// Only its checkpoints are made beside it, not in its commits (`SQLiteCheckpoints`).
final class SQLiteWriter: Sendable {
    private let path: String
    private let threadPool: NIOThreadPool
    /// Opened on first use. The lock also makes each statement whole: a group's writers of
    /// different families run side by side on it.
    private let connection = NIOLockedValueBox<SQLiteReads.Connection?>(nil)
    /// Referenced by the connection's commit hook, so it lives as long as the connection.
    private let checkpoints: SQLiteCheckpoints
    /// What Fluent's model code reads from the database it is given (logger, event loop,
    /// the configuration the metrics hang on).
    let context: DatabaseContext
    /// Where a group's work runs (`GroupCommit`): on the I/O threads, so that its statements
    /// (a payday batch's take tens of milliseconds) hold up none of the event loops.
    let executor: ThreadPoolExecutor

    init(path: String, threadPool: NIOThreadPool, context: DatabaseContext) {
        self.path = path
        self.threadPool = threadPool
        self.context = context
        checkpoints = SQLiteCheckpoints(path: path, threadPool: threadPool, logger: context.logger)
        executor = ThreadPoolExecutor(threadPool: threadPool)
    }

    deinit {
        connection.withLockedValue { $0?.close() }
        checkpoints.close()
    }

    /// Runs `body` in one transaction on this connection: committed when it returns, rolled
    /// back when it throws. A file another process is writing throws `SQLiteResultError` with
    /// `isBusy` at once, before any of `body` has run.
    func transaction<T: Sendable>(_ body: @Sendable (any Database) async throws -> T) async throws -> T {
        try run("BEGIN IMMEDIATE", inTransaction: false)
        do {
            let value = try await body(SQLiteWriterDatabase(writer: self))
            try await threadPool.runIfActive { try self.run("COMMIT") }
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
            try? open.run(try open.statementToWrite("ROLLBACK"), []) { _ in }
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
        try connection.run(try connection.statementToWrite("PRAGMA foreign_keys = ON"), []) { _ in }
        connection.onCommit(SQLiteCheckpoints.hook, context: Unmanaged.passUnretained(checkpoints).toOpaque())
        return connection
    }
}

/// Fluent and SQLKit over `SQLiteWriter`, inside the group's transaction: what a writer's
/// work is given as its database. Fluent's queries are turned into SQL as SQLite's driver
/// turns them, and every statement runs on the writer's connection.
struct SQLiteWriterDatabase: Database, SQLDatabase {
    let writer: SQLiteWriter

    /// The writer's context, on the event loop the caller is on when it is on one: Fluent
    /// expects a query's rows on the database's event loop.
    var context: DatabaseContext {
        let base = writer.context
        let loop = MultiThreadedEventLoopGroup.currentEventLoop ?? base.eventLoop
        return DatabaseContext(configuration: base.configuration, logger: base.logger, eventLoop: loop)
    }
    var inTransaction: Bool { true }

    // MARK: Fluent

    func execute(query: DatabaseQuery, onOutput: @escaping @Sendable (any DatabaseOutput) -> Void) -> EventLoopFuture<Void> {
        var sql = SQLQueryConverter(delegate: SQLiteWriterConverterDelegate()).convert(query)
        // As SQLite's driver does: a create returns the ids it made (an empty custom id key
        // means a composite id, which returns nothing).
        if case .create = query.action, query.customIDKey != .some(.string("")) {
            sql = SQLList([sql, SQLReturning(.init((query.customIDKey ?? .id).description))], separator: SQLRaw(" "))
        }
        var rows: [any SQLRow] = []
        do {
            try run(sql) { rows.append($0) }
        } catch {
            return eventLoop.makeFailedFuture(error)
        }
        // Off the event loop (a caller on another thread), the rows go there, as SQLiteNIO's did.
        let loop = eventLoop
        guard !loop.inEventLoop else {
            for row in rows { onOutput(RowOutput(row: row, schema: nil)) }
            return loop.makeSucceededVoidFuture()
        }
        nonisolated(unsafe) let delivered = rows
        return loop.submit { for row in delivered { onOutput(RowOutput(row: row, schema: nil)) } }
    }

    func execute(schema: DatabaseSchema) -> EventLoopFuture<Void> {
        eventLoop.makeFailedFuture(SQLiteReadsError("schema changes are migrations' work, not a writer's"))
    }

    func execute(enum: DatabaseEnum) -> EventLoopFuture<Void> { eventLoop.makeSucceededVoidFuture() }

    func transaction<T>(_ closure: @escaping @Sendable (any Database) -> EventLoopFuture<T>) -> EventLoopFuture<T> { closure(self) }

    func withConnection<T>(_ closure: @escaping @Sendable (any Database) -> EventLoopFuture<T>) -> EventLoopFuture<T> { closure(self) }

    // MARK: SQLKit

    var logger: Logger { writer.context.logger }
    var eventLoop: any EventLoop { MultiThreadedEventLoopGroup.currentEventLoop ?? writer.context.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { nil }
    var dialect: any SQLDialect { SQLiteDialect() }
    var queryLogLevel: Logger.Level? { nil }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        do {
            try run(query, onRow)
            return eventLoop.makeSucceededVoidFuture()
        } catch {
            return eventLoop.makeFailedFuture(error)
        }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        try run(query, onRow)
    }

    func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await closure(self)
    }

    private func run(_ query: any SQLExpression, _ onRow: (any SQLRow) -> Void) throws {
        let (sql, binds) = serialize(query)
        let encoder = SQLiteDataEncoder()
        try writer.run(sql, try binds.map { try encoder.encode($0) }) { onRow($0) }
    }
}

/// SQLite's column types for Fluent's, as SQLite's driver names them.
private struct SQLiteWriterConverterDelegate: SQLConverterDelegate {
    func customDataType(_ dataType: DatabaseSchema.DataType) -> (any SQLExpression)? {
        switch dataType {
        case .string, .enum: SQLRaw("TEXT")
        case .datetime: SQLRaw("REAL")
        case .int64: SQLRaw("INTEGER")
        default: nil
        }
    }
}

/// A row as Fluent's models read it, as SQLite's driver hands it to them: a field's column
/// is its key, prefixed with the schema's name when the query joined others.
private struct RowOutput: DatabaseOutput {
    let row: any SQLRow
    let schema: String?

    var description: String { String(describing: row) }

    private func column(_ key: FieldKey) -> String {
        (schema.map { .prefix(.prefix(.string($0), "_"), key) } ?? key).description
    }

    func schema(_ schema: String) -> any DatabaseOutput { RowOutput(row: row, schema: schema) }
    func contains(_ key: FieldKey) -> Bool { row.contains(column: column(key)) }
    func decodeNil(_ key: FieldKey) throws -> Bool { try row.decodeNil(column: column(key)) }
    func decode<T: Decodable>(_ key: FieldKey, as: T.Type) throws -> T { try row.decode(column: column(key), as: T.self) }
}

/// The writer's checkpoints, which copy the log (`-wal`) back into the database file, made on
/// a connection of their own beside the writer's commits instead of inside them.
///
/// SQLite checkpoints by default in the commit that takes the log past 1,000 pages, so every
/// so often a group's commit also copies those pages back and waits for the file's flush; its
/// writers are answered that much later and the next group waits. Here the commit only asks
/// for a checkpoint, which another thread makes (passive: it copies what no reader still
/// needs, and never waits). If the log still reaches 10,000 pages (40 MB), because checkpoints
/// do not keep up or readers hold old pages, the commit makes one itself as SQLite would; most
/// of the log is copied by then, and the log on disk stays near 40 MB under load.
///
/// On the bench's mixed database, 32 connections posting: with SQLite's checkpoints, 1,830 to
/// 1,930 a second, p99 33 to 36 ms; with its checkpoints at 10,000 pages instead, 2,180 to
/// 2,430, but p99 73 to 89 ms (and 370 ms for the mixed load's postings, whose commits then
/// copied 40 MB); beside the commits, 2,180 to 2,230, p99 24 ms.
final class SQLiteCheckpoints: Sendable {
    typealias Hook = @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Int32

    /// Log pages at which a commit asks for a checkpoint beside it, and makes one itself.
    static let askAt: Int32 = 1_000
    static let makeAt: Int32 = 10_000

    private let path: String
    private let threadPool: NIOThreadPool
    private let logger: Logger
    /// The checkpoints' connection (opened on first use), and whether one is being made.
    private let state = NIOLockedValueBox<(connection: SQLiteReads.Connection?, running: Bool)>((nil, false))

    init(path: String, threadPool: NIOThreadPool, logger: Logger) {
        self.path = path
        self.threadPool = threadPool
        self.logger = logger
    }

    func close() {
        state.withLockedValue { $0.connection?.close() }
    }

    /// SQLite calls it after each of the writer's commits, on the committing thread, with the
    /// writer's handle: the log now has `pages` pages.
    static let hook: Hook = { context, handle, name, pages in
        guard let context else { return SQLITE_OK }
        if pages >= makeAt {
            _ = sqlite_nio_sqlite3_wal_checkpoint_v2(handle, name, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        } else if pages >= askAt {
            Unmanaged<SQLiteCheckpoints>.fromOpaque(context).takeUnretainedValue().ask()
        }
        return SQLITE_OK
    }

    /// Starts a checkpoint on the I/O threads unless one is being made.
    private func ask() {
        let start = state.withLockedValue { state in
            defer { state.running = true }
            return !state.running
        }
        guard start else { return }
        threadPool.submit { work in self.make(work) }
    }

    private func make(_ work: NIOThreadPool.WorkItemState) {
        defer { state.withLockedValue { $0.running = false } }
        // A pool shutting down hands back what it will not run: the writer's last connection
        // to close makes the final checkpoint.
        guard case .active = work else { return }
        do {
            let connection = try state.withLockedValue { state in
                let connection = try state.connection ?? SQLiteReads.Connection(path: path, writes: true, busyTimeout: 0)
                state.connection = connection
                return connection
            }
            try connection.run(try connection.statementToWrite("PRAGMA wal_checkpoint(PASSIVE)"), []) { _ in }
        } catch {
            logger.warning("checkpoint of \(path) failed: \(error)")
        }
    }
}

/// Swift's tasks run on a thread pool's threads (with `withTaskExecutorPreference`).
final class ThreadPoolExecutor: TaskExecutor {
    private let threadPool: NIOThreadPool

    init(threadPool: NIOThreadPool) { self.threadPool = threadPool }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        // Run even when the pool is shutting down: a task left unrun would never finish.
        threadPool.submit { _ in job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
