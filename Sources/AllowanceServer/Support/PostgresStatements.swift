import FluentPostgresDriver
import Foundation
import NIOConcurrencyHelpers
import SQLKit
import Vapor

/// SQLKit over PostgreSQL with its statements prepared: what `Database.sql` is on PostgreSQL.
///
/// PostgresKit sends every query as an unnamed statement, which PostgreSQL parses and plans
/// again each time; for the dozen short indexed reads behind a page or an API answer, and the
/// four writes of a posting, that was as much of PostgreSQL's CPU as running them. Here each
/// text is prepared once on each connection (PostgresNIO remembers which statements a
/// connection holds) and then only bound and run, where PostgreSQL keeps the plan. What is not
/// a plain read or write (`BEGIN`, a savepoint, DDL), binds more than `bindLimit` values or a
/// value PostgresNIO cannot encode directly goes to `base` unprepared. (A batch's many rows bind
/// one array per column, `SQLRows`, so its text is the same for any number of rows.)
///
/// PostgreSQL keeps a prepared statement's plan only while its generic plan, costed without the
/// values, looks no dearer than the plans it made for them; otherwise it plans every run afresh
/// (`pg_stat_statements` showed the child page's savings sums spending more time planned than
/// run). An open range (`day >= $2`) is costed as a third of the rows and a bound flag
/// (`is_read = $2`) as half, so the reads behind pages close their ranges on both sides and
/// write their flags in: the plan is the same index search either way.
struct PostgresPreparedDatabase: SQLDatabaseOverBase {
    let base: any SQLDatabase
    let postgres: any PostgresDatabase
    let statements: PostgresStatements

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        eventLoop.makeFutureWithTask { try await self.execute(sql: query, onRow) }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        let (sql, binds) = serialize(query)
        guard let statement = try PreparedStatement(sql: sql, binds: binds, names: statements) else {
            return try await base.execute(sql: query, onRow)
        }
        logQuery(sql, binds)
        let (connection, done) = try await lease()
        defer { done.succeed() }
        try await statement.run(on: connection, logger: logger, names: statements, onRow)
    }

    /// A connection from the pool, kept until `done` is completed, so the statement runs in
    /// the asking task. Run in a task of its own (`makeFutureWithTask` inside the pool's
    /// `withConnection`), every statement paid for starting that task and for its answer's
    /// hop back: PostgreSQL's fresh child page alone went from 712-741 to 771-787 a second
    /// without it.
    private func lease() async throws -> (PostgresConnection, done: EventLoopPromise<Void>) {
        let leased = eventLoop.makePromise(of: PostgresConnection.self)
        let done = eventLoop.makePromise(of: Void.self)
        let given = NIOLockedValueBox(false)
        postgres.withConnection { connection in
            given.withLockedValue { $0 = true }
            leased.succeed(connection)
            return done.futureResult
        }.whenFailure { error in
            // The pool gave no connection (none came in time, or it is shut down).
            guard !given.withLockedValue({ $0 }) else { return }
            leased.fail(error)
            done.succeed()
        }
        return (try await leased.futureResult.get(), done)
    }
}

/// One statement, as PostgresNIO's prepared statements take it.
///
/// PostgresNIO names a prepared statement, and takes its text, from the statement's type
/// (`static` requirements), for statements written out in Swift. These texts are SQLKit's,
/// known only when the query is sent, so the type reads them from a task-local value set
/// around the one call that asks (`PostgresConnection.execute` reads them before it first
/// suspends).
struct PreparedStatement: PostgresPreparedStatement {
    struct Text: Sendable {
        let name: String
        let sql: String
    }

    @TaskLocal static var text = Text(name: "", sql: "")
    static var name: String { text.name }
    static var sql: String { text.sql }

    let text: Text
    let bindings: PostgresBindings

    /// Nil when `sql` is not a plain read or write, binds too many values or one PostgresNIO
    /// does not encode directly (PostgresKit's slower paths then encode it), or the statement
    /// would not get a name.
    init?(sql: String, binds: [any Encodable & Sendable], names: PostgresStatements) throws {
        guard binds.count <= PostgresStatements.bindLimit, Self.isPlain(sql) else { return nil }
        var bindings = PostgresBindings(capacity: binds.count)
        var types: [PostgresDataType] = []
        types.reserveCapacity(binds.count)
        for bind in binds {
            guard let type = try Self.append(bind, to: &bindings) else { return nil }
            types.append(type)
        }
        guard let name = names.name(of: sql, types: types) else { return nil }
        self.text = Text(name: name, sql: sql)
        self.bindings = bindings
    }

    /// Runs the statement on `connection`, feeding its rows to `onRow`. It is written to the
    /// connection before the first suspension, so statements started one after another on the
    /// connection's event loop go out in that order (`PostgresPipeline`).
    func run(
        on connection: PostgresConnection, logger: Logger, names: PostgresStatements, _ onRow: @escaping @Sendable (any SQLRow) -> Void
    ) async throws {
        do {
            try await Self.$text.withValue(text) {
                for try await row in try await connection.execute(self, logger: logger) { onRow(PostgresPreparedRow(row)) }
            }
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == PostgresStatements.inFailedTransaction {
            // Sent after an earlier error in the same transaction: if this was the text's first
            // time on the connection, PostgresNIO now holds its preparation as failed for the
            // connection's life. The text takes a new name, prepared afresh where it is next run.
            names.retire(text.name)
            throw error
        }
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

    /// A read or a write by its first word; `BEGIN`, savepoints and DDL are sent as they are.
    private static func isPlain(_ sql: String) -> Bool {
        SQLText.begins(sql, withOneOf: ["SELECT", "WITH", "INSERT", "UPDATE", "DELETE"])
    }
}

/// The names of the statements prepared on one application's connections, and whether they
/// are prepared yet.
final class PostgresStatements: Sendable {
    /// More values than any of the server's statements binds: a batch's rows bind one array
    /// per column (`SQLRows`), not one value per row and column.
    static let bindLimit = 100
    /// PostgreSQL's "current transaction is aborted" (SQLSTATE 25P02).
    static let inFailedTransaction = "25P02"

    /// Each connection keeps what it prepared for its life, so the number of statements is
    /// bounded: past it, new texts are sent unprepared. The server's texts are far fewer
    /// (about forty cover every page and API read).
    let limit: Int

    private struct Key: Hashable {
        let sql: String
        /// The bound values' types: the same text bound with other types is another statement.
        let types: [PostgresDataType]
    }

    private struct Names {
        var byKey: [Key: String] = [:]
        /// Never reused: a retired name may still be held, as failed, by a connection.
        var made = 0
    }

    private let names = NIOLockedValueBox(Names())
    private let started = NIOLockedValueBox(false)

    init(limit: Int = 1_000) { self.limit = limit }

    /// Whether statements are prepared: only once the migrations have run, since a statement
    /// prepared before a migration changes its tables may no longer match them.
    var isStarted: Bool { started.withLockedValue { $0 } }
    func start() { started.withLockedValue { $0 = true } }

    /// The same name on every connection for the same text and types; nil past the limit.
    func name(of sql: String, types: [PostgresDataType]) -> String? {
        names.withLockedValue { names in
            let key = Key(sql: sql, types: types)
            if let name = names.byKey[key] { return name }
            guard names.byKey.count < limit else { return nil }
            names.made += 1
            let name = "statement_\(names.made)"
            names.byKey[key] = name
            return name
        }
    }

    /// Gives the text named `name` a new name the next time it is sent.
    func retire(_ name: String) {
        names.withLockedValue { names in
            if let key = names.byKey.first(where: { $0.value == name })?.key { names.byKey[key] = nil }
        }
    }

    /// The names each live connection is known to hold prepared (`PostgresPipeline` asks).
    private final class Held: @unchecked Sendable {
        weak var connection: PostgresConnection?
        var names: Set<String> = []
        init(_ connection: PostgresConnection) { self.connection = connection }
    }

    private let held = NIOLockedValueBox<[ObjectIdentifier: Held]>([:])

    /// Whether `name` was answered on `connection` before, so is prepared there.
    func isPrepared(_ name: String, on connection: PostgresConnection) -> Bool {
        held.withLockedValue { held in
            guard let entry = held[ObjectIdentifier(connection)], entry.connection === connection else { return false }
            return entry.names.contains(name)
        }
    }

    /// Notes that `name` was answered on `connection`.
    func notePrepared(_ name: String, on connection: PostgresConnection) {
        held.withLockedValue { held in
            let key = ObjectIdentifier(connection)
            if held[key]?.connection !== connection {
                // A connection gone (its entry's reference is nil) may have left its address to this one.
                held = held.filter { $0.value.connection != nil }
                held[key] = Held(connection)
            }
            held[key]!.names.insert(name)
        }
    }
}

extension Application {
    private struct PostgresStatementsKey: StorageKey { typealias Value = PostgresStatements }

    /// Set in `configure` on PostgreSQL.
    var postgresStatements: PostgresStatements? {
        get { storage[PostgresStatementsKey.self] }
        set { storage[PostgresStatementsKey.self] = newValue }
    }
}
