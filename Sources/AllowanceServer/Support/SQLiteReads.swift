import FluentSQLiteDriver
import Foundation
import NIOConcurrencyHelpers
import SQLKit
import Vapor
import VaporCSQLite

/// Reads on SQLite, run on the caller's thread with statements prepared once.
///
/// Through SQLiteNIO every query is parsed afresh, and every call goes to an I/O thread and
/// back; for the indexed reads that make up a page or an API answer, that costs more than
/// SQLite takes to answer them. These connections keep each statement they have prepared and
/// run it where the request already is. A reader in WAL mode never waits for a writer, and
/// every read here is a short indexed one (the CSV export reads in pages of a thousand rows),
/// so the thread is held no longer than the read itself.
///
/// They are SQLite's own connections (the library SQLiteNIO builds) on the same file, and
/// they only read: outside a transaction, each statement sees the latest commit, as any other
/// connection does, so a write by any process is seen by the next read. What is not a plain
/// read (a write, a statement that does not prepare here) goes through SQLiteNIO as before.
final class SQLiteReads: Sendable {
    private let path: String
    /// Connections not in use; one is opened whenever all are taken.
    private let idle = NIOLockedValueBox<[Connection]>([])

    init(path: String) { self.path = path }

    /// Closes the connections; the application's shutdown calls it, when nothing reads any more.
    func close() {
        let connections = idle.withLockedValue { idle in
            defer { idle = [] }
            return idle
        }
        for connection in connections { connection.close() }
    }

    /// Runs `body` on a connection no one else is using.
    func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        let connection = try idle.withLockedValue { $0.popLast() } ?? Connection(path: path)
        defer { idle.withLockedValue { $0.append(connection) } }
        return try body(connection)
    }

    /// One connection and the statements it has prepared. Used by one caller at a time.
    /// The readers' connections run only plain reads; the group commit's (`SQLiteWriter`) runs
    /// every statement.
    final class Connection: @unchecked Sendable {
        /// Enough for every query text the server reads with; past it, all are let go.
        /// The writer's holds each savepoint's statements too, a few per writer of a group.
        static let statementLimit = 256
        static let writerStatementLimit = 1_024
        /// Statements binding more than `largeStatementBinds` values are kept apart, and only
        /// a few: their texts vary with a list's length (a payday batch's rows, a group's
        /// notifications, an `IN` list), and each is a large program (150 KB for a payday
        /// batch's 500 ledger rows). Among the others, the sizes a long-running server met
        /// would pile up to a thousand of them. A payday's batches, each the same size but the
        /// last, still use theirs again. (PostgreSQL's prepared statements stop at the same
        /// count, for the same reason: `PostgresStatements.bindLimit`.)
        static let largeStatementBinds: Int32 = 100
        static let largeStatementLimit = 16

        private let handle: OpaquePointer
        private let writes: Bool
        private var statements: [String: OpaquePointer] = [:]
        private var largeStatements: [String: OpaquePointer] = [:]
        /// Each kept statement's column names by position, read once: building them for every
        /// run was 2 % of a posting's CPU (the session lookup alone names twenty columns).
        private var columnNames: [OpaquePointer: [String: Int]] = [:]
        /// Statements kept now, small and large, and statements prepared so far (the tests read them).
        var keptCounts: (small: Int, large: Int) { (statements.count, largeStatements.count) }
        private(set) var preparations = 0

        /// `busyTimeout`: how long a statement waits for another connection's lock, in ms.
        init(path: String, writes: Bool = false, busyTimeout: Int32 = 5_000) throws {
            var handle: OpaquePointer?
            let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
            guard sqlite_nio_sqlite3_open_v2(path, &handle, flags, nil) == SQLITE_OK, let handle else {
                let message = handle.map { String(cString: sqlite_nio_sqlite3_errmsg($0)) } ?? "out of memory"
                sqlite_nio_sqlite3_close(handle)
                throw SQLiteReadsError("opening \(path): \(message)")
            }
            // A reader waits out a checkpoint's brief lock instead of failing the request.
            sqlite_nio_sqlite3_busy_timeout(handle, busyTimeout)
            self.handle = handle
            self.writes = writes
        }

        func close() {
            for statement in statements.values { sqlite_nio_sqlite3_finalize(statement) }
            for statement in largeStatements.values { sqlite_nio_sqlite3_finalize(statement) }
            sqlite_nio_sqlite3_close(handle)
        }

        /// Whether a transaction is open: false once SQLite has rolled one back by itself (after
        /// an I/O error, a full disk or no memory), though no `ROLLBACK` was sent.
        var isInTransaction: Bool { sqlite_nio_sqlite3_get_autocommit(handle) == 0 }

        /// Calls `hook` with `context` after each commit, with the log's length in pages, in place
        /// of SQLite's own checkpoint at 1,000 pages (`SQLiteCheckpoints`).
        func onCommit(_ hook: SQLiteCheckpoints.Hook, context: UnsafeMutableRawPointer) {
            _ = sqlite_nio_sqlite3_wal_hook(handle, hook, context)
        }

        /// The prepared statement for `sql`, or nil when a reader's is not a plain read or does
        /// not prepare here (the caller then runs it through SQLiteNIO, which reports any error).
        func statement(_ sql: String) -> OpaquePointer? {
            try? prepared(sql)
        }

        /// The prepared statement for `sql` on the writer's connection, or why it did not prepare.
        func statementToWrite(_ sql: String) throws -> OpaquePointer {
            precondition(writes, "only the writer's connection runs every statement")
            guard let statement = try prepared(sql) else { throw SQLiteResultError(code: SQLITE_MISUSE, message: "empty statement") }
            return statement
        }

        private func prepared(_ sql: String) throws -> OpaquePointer? {
            if let statement = statements[sql] ?? largeStatements[sql] { return statement }
            guard writes || Self.isRead(sql) else { return nil }
            var statement: OpaquePointer?
            let flags = UInt32(SQLITE_PREPARE_PERSISTENT)
            try check(sqlite_nio_sqlite3_prepare_v3(handle, sql, -1, flags, &statement, nil))
            preparations += 1
            guard let statement else { return nil }
            guard writes || sqlite_nio_sqlite3_stmt_readonly(statement) != 0 else {
                sqlite_nio_sqlite3_finalize(statement)
                return nil
            }
            if sqlite_nio_sqlite3_bind_parameter_count(statement) > Self.largeStatementBinds {
                keep(statement, for: sql, in: &largeStatements, limit: Self.largeStatementLimit)
            } else {
                keep(statement, for: sql, in: &statements, limit: writes ? Self.writerStatementLimit : Self.statementLimit)
            }
            return statement
        }

        /// Keeps `statement` in `cache`, first letting all of it go when it is full (with the
        /// names read for them: a later statement may be given a finalized one's address).
        private func keep(_ statement: OpaquePointer, for sql: String, in cache: inout [String: OpaquePointer], limit: Int) {
            if cache.count >= limit {
                for old in cache.values {
                    columnNames[old] = nil
                    sqlite_nio_sqlite3_finalize(old)
                }
                cache.removeAll()
            }
            cache[sql] = statement
        }

        /// Runs a statement with no binds and no rows wanted (a pragma, `ROLLBACK`) on the
        /// writer's or the checkpoints' connection.
        func execute(_ sql: String) throws {
            try run(try statementToWrite(sql), []) { _ in }
        }

        /// Binds `binds`, steps through every row and resets the statement, which ends its
        /// read transaction: the next read sees later commits.
        func run(_ statement: OpaquePointer, _ binds: [SQLiteData], _ onRow: (Row) throws -> Void) throws {
            defer { sqlite_nio_sqlite3_reset(statement) }
            for (index, bind) in binds.enumerated() {
                try check(Self.bind(bind, at: Int32(index + 1), to: statement))
            }
            while true {
                switch sqlite_nio_sqlite3_step(statement) {
                case SQLITE_ROW:
                    let count = Int(sqlite_nio_sqlite3_column_count(statement))
                    try onRow(
                        Row(
                            columns: names(of: statement, count: count),
                            values: (0..<count).map { Self.value(at: Int32($0), of: statement) }))
                case SQLITE_DONE: return
                case let code: try check(code)
                }
            }
        }

        private func check(_ code: Int32) throws {
            guard code == SQLITE_OK else {
                throw SQLiteResultError(code: code, message: String(cString: sqlite_nio_sqlite3_errmsg(handle)))
            }
        }

        /// A plain read by its first word: `sqlite3_stmt_readonly` also calls `BEGIN` and
        /// `SAVEPOINT` read-only, and those belong to SQLiteNIO's connection.
        private static func isRead(_ sql: String) -> Bool {
            SQLText.begins(sql, withOneOf: ["SELECT", "WITH"])
        }

        /// A column's first position by its name, as SQLiteNIO's rows find it. A statement's
        /// columns are fixed once it is prepared (the schema only changes before serving).
        private func names(of statement: OpaquePointer, count: Int) -> [String: Int] {
            if let names = columnNames[statement] { return names }
            var names: [String: Int] = [:]
            for index in 0..<count {
                let name = String(cString: sqlite_nio_sqlite3_column_name(statement, Int32(index)))
                if names[name] == nil { names[name] = index }
            }
            columnNames[statement] = names
            return names
        }

        /// As SQLiteNIO reads a column, so rows decode here as they do there.
        private static func value(at index: Int32, of statement: OpaquePointer) -> SQLiteData {
            switch sqlite_nio_sqlite3_column_type(statement, index) {
            case SQLITE_INTEGER: return .integer(Int(sqlite_nio_sqlite3_column_int64(statement, index)))
            case SQLITE_FLOAT: return .float(sqlite_nio_sqlite3_column_double(statement, index))
            case SQLITE_TEXT:
                // The text first, then its length in bytes (SQLite's order); a text may hold a NUL.
                guard let text = sqlite_nio_sqlite3_column_text(statement, index) else { return .text("") }
                let count = Int(sqlite_nio_sqlite3_column_bytes(statement, index))
                return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
            case SQLITE_BLOB:
                let count = Int(sqlite_nio_sqlite3_column_bytes(statement, index))
                var buffer = ByteBufferAllocator().buffer(capacity: count)
                if let bytes = sqlite_nio_sqlite3_column_blob(statement, index) {
                    buffer.writeBytes(UnsafeRawBufferPointer(start: bytes, count: count))
                }
                return .blob(buffer)
            default: return .null
            }
        }

        private static func bind(_ value: SQLiteData, at index: Int32, to statement: OpaquePointer) -> Int32 {
            switch value {
            case .integer(let value): return sqlite_nio_sqlite3_bind_int64(statement, index, Int64(value))
            case .float(let value): return sqlite_nio_sqlite3_bind_double(statement, index, value)
            case .text(let value):
                // By its length, as SQLiteNIO binds it, so a NUL inside does not cut it short.
                var text = value
                return text.withUTF8 { utf8 in
                    guard let start = utf8.baseAddress, !utf8.isEmpty else {
                        return sqlite_nio_sqlite3_bind_text(statement, index, "", 0, transient)
                    }
                    return sqlite_nio_sqlite3_bind_text64(
                        statement, index, UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self), UInt64(utf8.count), transient,
                        UInt8(SQLITE_UTF8))
                }
            case .blob(let value):
                return value.withUnsafeReadableBytes {
                    sqlite_nio_sqlite3_bind_blob64(statement, index, $0.baseAddress, UInt64($0.count), transient)
                }
            case .null: return sqlite_nio_sqlite3_bind_null(statement, index)
            }
        }
    }

    /// A row as SQLKit reads it, decoded as SQLiteKit decodes SQLiteNIO's rows.
    struct Row: SQLRow {
        let columns: [String: Int]
        let values: [SQLiteData]

        var allColumns: [String] { columns.sorted { $0.value < $1.value }.map(\.key) }
        func contains(column: String) -> Bool { columns[column] != nil }
        func decodeNil(column: String) throws -> Bool { columns[column].map { values[$0] == .null } ?? true }
        func decode<D: Decodable>(column: String, as type: D.Type) throws -> D {
            guard let index = columns[column] else { throw SQLiteReadsError("no column \(column) in the row") }
            let value = values[index]
            return try PlainTypes.decoded(
                D.self, plain: { Self.write(value, as: D.self, into: $0) }, else: { try SQLiteDataDecoder().decode(D.self, from: value) })
        }

        /// The types the server's rows hold, converted as SQLiteNIO converts them but without the
        /// decoder's protocol lookups, which were a sixth of a ledger page's CPU, written into
        /// `slot` (`PlainTypes.decoded`); false for any other type or an unexpected value, which
        /// the decoder then reads (or refuses).
        private static func write<D>(_ value: SQLiteData, as _: D.Type, into slot: UnsafeMutableRawPointer) -> Bool {
            // Each case names its type, so nothing here looks metadata up at run time.
            switch ObjectIdentifier(D.self) {
            case PlainTypes.uuid: return uuid(value).map(slot.holding) ?? false
            case PlainTypes.optionalUUID: return optional(value, uuid).map(slot.holding) ?? false
            case PlainTypes.string: return String(sqliteData: value).map(slot.holding) ?? false
            case PlainTypes.optionalString: return optional(value, String.init(sqliteData:)).map(slot.holding) ?? false
            case PlainTypes.int: return Int(sqliteData: value).map(slot.holding) ?? false
            case PlainTypes.optionalInt: return optional(value, Int.init(sqliteData:)).map(slot.holding) ?? false
            case PlainTypes.int64: return Int64(sqliteData: value).map(slot.holding) ?? false
            case PlainTypes.optionalInt64: return optional(value, Int64.init(sqliteData:)).map(slot.holding) ?? false
            case PlainTypes.double: return Double(sqliteData: value).map(slot.holding) ?? false
            case PlainTypes.optionalDouble: return optional(value, Double.init(sqliteData:)).map(slot.holding) ?? false
            case PlainTypes.bool: return Bool(sqliteData: value).map(slot.holding) ?? false
            case PlainTypes.optionalBool: return optional(value, Bool.init(sqliteData:)).map(slot.holding) ?? false
            case PlainTypes.date: return Date(sqliteData: value).map(slot.holding) ?? false
            case PlainTypes.optionalDate: return optional(value, Date.init(sqliteData:)).map(slot.holding) ?? false
            default: return false
            }
        }

        /// `.some(nil)` for NULL, else what `convert` makes of the value (nil if nothing).
        private static func optional<T>(_ value: SQLiteData, _ convert: (SQLiteData) -> T?) -> T?? {
            if case .null = value { return .some(nil) }
            return convert(value).map { $0 }
        }

        /// A UUID stored as its text (`UUID(hexText:)`).
        static func uuid(_ value: SQLiteData) -> UUID? {
            guard case .text(let text) = value else { return nil }
            return UUID(hexText: text)
        }
    }
}

/// SQLKit over `SQLiteReads`: what `Database.sql` is on SQLite outside a transaction. Plain
/// reads run on the read connections; anything else goes to `base` (SQLiteNIO) unchanged.
struct SQLiteReadDatabase: SQLDatabaseOverBase {
    let base: any SQLDatabase
    let reads: SQLiteReads

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        do {
            if try read(query, onRow) { return eventLoop.makeSucceededVoidFuture() }
        } catch {
            return eventLoop.makeFailedFuture(error)
        }
        return base.execute(sql: query, onRow)
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        if try read(query, onRow) { return }
        try await base.execute(sql: query, onRow)
    }

    /// Runs `query` here when it is a plain read; false when `base` must run it.
    private func read(_ query: any SQLExpression, _ onRow: (any SQLRow) -> Void) throws -> Bool {
        let (sql, binds) = serialize(query)
        let values = try SQLiteBinds.values(binds)
        return try reads.withConnection { connection in
            guard let statement = connection.statement(sql) else { return false }
            logQuery(sql, binds)
            try connection.run(statement, values) { onRow($0) }
            return true
        }
    }
}

/// SQLite's `SQLITE_TRANSIENT`: the value is copied at bind time (a C macro Swift cannot import).
let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

struct SQLiteReadsError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// What SQLite answered a statement with, when it was not success: its extended result code
/// and message. Fluent's callers read it as any driver's `DatabaseError`.
struct SQLiteResultError: Error, DatabaseError, CustomStringConvertible {
    let code: Int32
    let message: String

    /// The primary result code (the extended code's low byte).
    private var primary: Int32 { code & 0xff }
    var isBusy: Bool { primary == SQLITE_BUSY || primary == SQLITE_LOCKED }
    var isConstraintFailure: Bool { primary == SQLITE_CONSTRAINT }
    var isSyntaxError: Bool { primary == SQLITE_ERROR || primary == SQLITE_SCHEMA }
    var isConnectionClosed: Bool { primary == SQLITE_MISUSE || primary == SQLITE_CANTOPEN }
    var description: String { "SQLite error \(code): \(message)" }
}

extension Application {
    private struct SQLiteReadsKey: StorageKey { typealias Value = SQLiteReads }

    /// Set in `configure` on SQLite; PostgreSQL reads through its pool.
    var sqliteReads: SQLiteReads? {
        get { storage[SQLiteReadsKey.self] }
        set { storage.set(SQLiteReadsKey.self, to: newValue, onShutdown: { $0.close() }) }
    }
}
