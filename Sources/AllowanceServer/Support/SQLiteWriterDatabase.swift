import FluentKit
import FluentSQL
import NIOPosix
import SQLKit
import SQLiteKit

/// Fluent and SQLKit over `SQLiteWriter`, inside the group's transaction: what a writer's
/// work is given as its database. Fluent's queries are turned into SQL as SQLite's driver
/// turns them, and every statement runs on the writer's connection.
struct SQLiteWriterDatabase: Database, SQLDatabase {
    let writer: SQLiteWriter
    /// Logs this writer's statements (at debug) and is Fluent's logger for its models.
    let logger: Logger

    /// The same transaction, logging to `logger`.
    func withLogger(_ logger: Logger) -> SQLiteWriterDatabase { SQLiteWriterDatabase(writer: writer, logger: logger) }

    /// The writer's context, on the event loop the caller is on when it is on one: Fluent
    /// expects a query's rows on the database's event loop.
    var context: DatabaseContext {
        DatabaseContext(configuration: writer.context.configuration, logger: logger, eventLoop: eventLoop)
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

    /// The loop the caller is on, when it is on one (see `context`).
    var eventLoop: any EventLoop { MultiThreadedEventLoopGroup.currentEventLoop ?? writer.context.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { nil }
    var dialect: any SQLDialect { SQLiteDialect() }
    var queryLogLevel: Logger.Level? { .debug }

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
        logQuery(sql, binds)
        try writer.run(sql, try SQLiteBinds.values(binds)) { onRow($0) }
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
