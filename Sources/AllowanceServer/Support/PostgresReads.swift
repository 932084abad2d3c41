import FluentPostgresDriver
import Foundation
import NIOConcurrencyHelpers
import SQLKit
import Vapor

/// SQLKit over PostgreSQL with its plain reads prepared: what `Database.sql` is on PostgreSQL
/// outside a transaction.
///
/// PostgresKit sends every query as an unnamed statement, which PostgreSQL parses and plans
/// again each time; for the dozen short indexed reads behind a page or an API answer, that
/// was as much of PostgreSQL's CPU as running them. Here each read's text is prepared once
/// on each connection (PostgresNIO remembers which statements a connection holds) and then
/// only bound and run, where PostgreSQL keeps the plan.
///
/// Only reads outside a transaction: PostgresNIO remembers a statement whose preparation
/// failed as failed for the connection's life, and inside a transaction a preparation can
/// fail for the transaction's sake (aborted by an earlier error), not the statement's. What
/// is not a plain read, or binds a value PostgresNIO cannot encode directly, goes to `base`.
struct PostgresReadDatabase: SQLDatabase {
    let base: any SQLDatabase
    let postgres: any PostgresDatabase
    let reads: PostgresReads

    var logger: Logger { base.logger }
    var eventLoop: any EventLoop { base.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { base.version }
    var dialect: any SQLDialect { base.dialect }
    var queryLogLevel: Logger.Level? { base.queryLogLevel }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        eventLoop.makeFutureWithTask { try await self.execute(sql: query, onRow) }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        let (sql, binds) = serialize(query)
        guard let read = try PreparedRead(sql: sql, binds: binds, names: reads) else {
            return try await base.execute(sql: query, onRow)
        }
        let logger = logger
        try await postgres.withConnection { connection in
            connection.eventLoop.makeFutureWithTask {
                try await PreparedRead.$statement.withValue(read.statement) {
                    for try await row in try await connection.execute(read, logger: logger) { onRow(row.sql()) }
                }
            }
        }.get()
    }

    func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await base.withSession(closure)
    }
}

/// One read, as PostgresNIO's prepared statements take it.
///
/// PostgresNIO names a prepared statement, and takes its text, from the statement's type
/// (`static` requirements), for statements written out in Swift. These texts are SQLKit's,
/// known only when the query is sent, so the type reads them from a task-local value set
/// around the one call that asks (`PostgresConnection.execute` reads them before it first
/// suspends).
struct PreparedRead: PostgresPreparedStatement {
    struct Statement: Sendable {
        let name: String
        let sql: String
    }

    @TaskLocal static var statement = Statement(name: "", sql: "")
    static var name: String { statement.name }
    static var sql: String { statement.sql }

    let statement: Statement
    let bindings: PostgresBindings

    /// Nil when `sql` is not a plain read, a value is not one PostgresNIO encodes directly
    /// (PostgresKit's slower paths then encode it), or the statement would not get a name.
    init?(sql: String, binds: [any Encodable & Sendable], names: PostgresReads) throws {
        guard Self.isRead(sql) else { return nil }
        var bindings = PostgresBindings(capacity: binds.count)
        var types: [PostgresDataType] = []
        types.reserveCapacity(binds.count)
        for bind in binds {
            guard let type = try Self.append(bind, to: &bindings) else { return nil }
            types.append(type)
        }
        guard let name = names.name(of: sql, types: types) else { return nil }
        self.statement = Statement(name: name, sql: sql)
        self.bindings = bindings
    }

    func makeBindings() throws -> PostgresBindings { bindings }
    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }

    /// Binds `value` as PostgresKit does (nothing for nil, else the value's own encoding) and
    /// gives its type; nil when PostgresKit would take a slower path, which it is then left to.
    private static func append<T: Encodable>(_ value: T, to bindings: inout PostgresBindings) throws -> PostgresDataType? {
        if let optional = value as? any OptionalValue, optional.wrapped == nil {
            bindings.appendNull()
            return .null
        }
        guard let value = value as? any PostgresThrowingDynamicTypeEncodable else { return nil }
        try bindings.append(value, context: .default)
        return value.psqlType
    }

    private static func isRead(_ sql: String) -> Bool {
        let start = sql.drop(while: \.isWhitespace).prefix(6).uppercased()
        return start.hasPrefix("SELECT") || start.hasPrefix("WITH")
    }
}

/// The names of the reads prepared on one application's connections, and whether they are
/// prepared yet.
final class PostgresReads: Sendable {
    /// Each connection keeps what it prepared for its life, so the number of statements is
    /// bounded: past it, new texts are sent unprepared. The server's reads are about a
    /// hundred texts.
    let limit: Int

    private struct Key: Hashable {
        let sql: String
        /// The bound values' types: the same text bound with other types is another statement.
        let types: [PostgresDataType]
    }

    private let names = NIOLockedValueBox<[Key: String]>([:])
    private let started = NIOLockedValueBox(false)

    init(limit: Int = 1_000) { self.limit = limit }

    /// Whether reads are prepared: only once the migrations have run, since a statement
    /// prepared before a migration changes its tables may no longer match them.
    var isStarted: Bool { started.withLockedValue { $0 } }
    func start() { started.withLockedValue { $0 = true } }

    /// The same name on every connection for the same text and types; nil past the limit.
    func name(of sql: String, types: [PostgresDataType]) -> String? {
        names.withLockedValue { names in
            let key = Key(sql: sql, types: types)
            if let name = names[key] { return name }
            guard names.count < limit else { return nil }
            let name = "read_\(names.count)"
            names[key] = name
            return name
        }
    }
}

extension Application {
    private struct PostgresReadsKey: StorageKey { typealias Value = PostgresReads }

    /// Set in `configure` on PostgreSQL; SQLite reads through `sqliteReads`.
    var postgresReads: PostgresReads? {
        get { storage[PostgresReadsKey.self] }
        set { storage[PostgresReadsKey.self] = newValue }
    }
}
