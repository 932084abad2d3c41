import Logging
import NIOCore
import SQLKit

extension SQLDatabase {
    /// The few statements that differ between the two databases ask this: row locks
    /// (`FOR UPDATE`), and types PostgreSQL cannot infer.
    var isPostgres: Bool { dialect.name == "postgresql" }

    /// Logs a statement as SQLKit's drivers do (at `queryLogLevel`: debug), for the statements
    /// run here without them (`SQLiteReadDatabase`, `SQLiteWriterDatabase`,
    /// `PostgresPreparedDatabase`), so `LOG_LEVEL=debug` still shows every statement.
    func logQuery(_ sql: String, _ binds: [any Encodable & Sendable]) {
        guard let level = queryLogLevel else { return }
        logger.log(level: level, "Executing query", metadata: ["sql": .string(sql), "binds": .array(binds.map { .string("\($0)") })])
    }
}

/// An `SQLDatabase` that runs some statements its own way and is otherwise `base`
/// (`SQLiteReadDatabase`, `PostgresPreparedDatabase`): what it says of itself is `base`'s.
protocol SQLDatabaseOverBase: SQLDatabase {
    var base: any SQLDatabase { get }
}

extension SQLDatabaseOverBase {
    var logger: Logger { base.logger }
    var eventLoop: any EventLoop { base.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { base.version }
    var dialect: any SQLDialect { base.dialect }
    var queryLogLevel: Logger.Level? { base.queryLogLevel }

    func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await base.withSession(closure)
    }
}

enum SQLText {
    /// Whether `sql`'s first word is one of `keywords` (upper case, at most six letters): how
    /// the wrappers above tell which statements are theirs.
    static func begins(_ sql: String, withOneOf keywords: [String]) -> Bool {
        let start = sql.drop(while: \.isWhitespace).prefix(6).uppercased()
        return keywords.contains { start.hasPrefix($0) }
    }
}
