import FluentPostgresDriver
import Foundation
import NIOConcurrencyHelpers
import SQLKit
import Vapor

/// One PostgreSQL transaction on one connection whose statements are written without waiting
/// for the answers to those before them: PostgreSQL's posting groups (`PostingGroups`).
///
/// PostgresNIO keeps a connection's statements in line and sends each the moment the one before
/// it is answered, on the connection's own thread. Awaited one by one, each answer first wakes
/// the task that waits for it, and only then does the next statement go out, after its turn on
/// the loop and the two cores: in a group's statement log at 32 connections, 2.7 ms passed
/// between `BEGIN` and the balances' `UPDATE`, and 0.5 ms before `COMMIT` (0.3 to 0.45 ms at 4
/// connections). Here `BEGIN` goes out with the group's first statement, and the ledger rows
/// with the templates' counts and `COMMIT`. (After: 1.8 ms between `BEGIN` and the `UPDATE`,
/// PostgresNIO reading `BEGIN`'s answer on the busy loop before it sends the next; contributions
/// 10 to 16 % faster, postings within the spread to 10 %.)
///
/// A statement whose answer is not read is `send`; one whose rows are (SQLKit's `execute`,
/// behind `all`, `first` and `run`) waits for every statement before it as well, so the first
/// to fail, in order, is the one thrown, and the transaction's end waits for all. Each statement starts as a
/// task on the connection's event loop (`EventLoopExecutor`, first in, first out) and writes
/// itself to the connection before it first suspends, so they go out in the order they were
/// made.
final class PostgresPipeline: SQLDatabaseOverBase, Sendable {
    /// The connection as SQLKit, for what is not prepared (`BEGIN`, `COMMIT`) and for the
    /// dialect.
    let base: any SQLDatabase
    private let connection: PostgresConnection
    private let executor: EventLoopExecutor
    private let statements: PostgresStatements
    private let statementLogger: Logger
    /// The statements written and not yet waited for, in the order they went out.
    private let unanswered = NIOLockedValueBox<[Task<Void, any Error>]>([])

    private init(connection: PostgresConnection, logger: Logger, queryLogLevel: Logger.Level?, in application: Application) {
        self.connection = connection
        self.base = connection.logging(to: logger).sql(queryLogLevel: queryLogLevel)
        self.executor = application.eventLoopExecutors!.executor(for: connection.eventLoop)!
        self.statements = application.postgresStatements!
        self.statementLogger = logger
    }

    /// Runs `body` in a transaction on one of `db`'s connections: committed when `body`
    /// returns (and every statement it sent was answered), rolled back when anything failed.
    static func transaction<T: Sendable>(
        on db: any Database, in application: Application, _ body: @escaping @Sendable (PostgresPipeline) async throws -> T
    ) async throws -> T {
        let logger = db.logger
        let queryLogLevel = db.sql.queryLogLevel
        return try await (db as! any PostgresDatabase).withConnection { connection in
            let pipeline = PostgresPipeline(connection: connection, logger: logger, queryLogLevel: queryLogLevel, in: application)
            let promise = connection.eventLoop.makePromise(of: T.self)
            Task(executorPreference: pipeline.executor) {
                do {
                    try await pipeline.send(SQLRaw("BEGIN"))
                    let result = try await body(pipeline)
                    try await pipeline.send(SQLRaw("COMMIT"))
                    try await pipeline.answered()
                    promise.succeed(result)
                } catch {
                    // Every statement written is answered before the connection goes back to
                    // its pool; `ROLLBACK` after a failed statement, or none, only warns.
                    await pipeline.settle()
                    try? await pipeline.execute(sql: SQLRaw("ROLLBACK")) { _ in }
                    promise.fail(error)
                }
            }
            return promise.futureResult
        }.get()
    }

    /// Writes `query` now, after the statements written before it; its answer is waited for
    /// with the next statement whose rows are read, or at the commit. Two kinds are waited for
    /// at once. The first time a text is sent on this connection: PostgresNIO prepares it first
    /// and sends it only once prepared, behind whatever was written meanwhile. And one sent
    /// unprepared with values: PostgresKit encodes them in the task, and one it could not encode
    /// would never be sent, while a `COMMIT` after it would.
    func send(_ query: any SQLExpression) async throws {
        let (statement, binds) = try write(query) { _ in }
        if let statement {
            guard !statements.isPrepared(statement.text.name, on: connection) else { return }
            try await answered()
            statements.notePrepared(statement.text.name, on: connection)
        } else if binds > 0 {
            try await answered()
        }
    }

    /// Writes `query` now, then waits for the answers to every statement before it and to it.
    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        let (statement, _) = try write(query, onRow)
        try await answered()
        if let statement { statements.notePrepared(statement.text.name, on: connection) }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        eventLoop.makeFutureWithTask { try await self.execute(sql: query, onRow) }
    }

    /// Starts `query`, prepared when it can be (`PostgresPreparedDatabase`), as a task that
    /// writes it on the connection's loop after those started before; returns the prepared
    /// statement (nil when it goes unprepared) and the number of values it binds.
    private func write(
        _ query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void
    ) throws -> (PreparedStatement?, binds: Int) {
        let (sql, binds) = serialize(query)
        let statement = try PreparedStatement(sql: sql, binds: binds, names: statements)
        if statement != nil { logQuery(sql, binds) }
        let (connection, logger, names, base) = (connection, statementLogger, statements, base)
        let task = Task(executorPreference: executor) {
            guard let statement else { return try await base.execute(sql: query, onRow) }
            try await statement.run(on: connection, logger: logger, names: names, onRow)
        }
        unanswered.withLockedValue { $0.append(task) }
        return (statement, binds.count)
    }

    /// Waits for the statements written so far, in order; throws the first failure.
    private func answered() async throws {
        while let next = unanswered.withLockedValue({ $0.isEmpty ? nil : $0.removeFirst() }) {
            do {
                try await next.value
            } catch {
                await settle()
                throw error
            }
        }
    }

    /// Waits for the statements written so far, whatever their answers.
    private func settle() async {
        while let next = unanswered.withLockedValue({ $0.isEmpty ? nil : $0.removeFirst() }) { _ = await next.result }
    }
}
