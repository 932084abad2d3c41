import Fluent
import FluentPostgresDriver
import SQLKit
import Vapor

/// The database configuration as given, carrying the application's metrics and the way its
/// statements run (`SQLiteReads`' connections for SQLite's plain reads, `PostgresStatements`'
/// names on PostgreSQL). A `Database` knows nothing of the application it serves, but every one
/// it makes (a request's, a job's, a transaction's) keeps the configuration it was made from:
/// so code that holds only a database, such as `LedgerService.post`, still reaches its own
/// server's metrics and read connections, and two applications in one process (the tests)
/// never share them.
struct ServerDatabaseConfiguration: DatabaseConfiguration {
    var base: any DatabaseConfiguration
    let metrics: ServerMetrics?
    let reads: SQLiteReads?
    let postgresStatements: PostgresStatements?

    var middleware: [any AnyModelMiddleware] {
        get { base.middleware }
        set { base.middleware = newValue }
    }

    func makeDriver(for databases: Databases) -> any DatabaseDriver { base.makeDriver(for: databases) }
}

extension Application {
    /// The database configuration to use: the one given, carrying the metrics (when they are
    /// on) and `reads` (SQLite's reading connections, for the database that is read from) or
    /// `postgresStatements`.
    func serverDatabase(
        _ configuration: DatabaseConfigurationFactory, reads: SQLiteReads? = nil, postgresStatements: PostgresStatements? = nil
    ) -> any DatabaseConfiguration {
        ServerDatabaseConfiguration(base: configuration.make(), metrics: metrics, reads: reads, postgresStatements: postgresStatements)
    }
}

extension DatabaseContext {
    /// The metrics of the application this database belongs to; nil when they are off.
    var metrics: ServerMetrics? { (configuration as? ServerDatabaseConfiguration)?.metrics }
}

extension Database {
    /// The metrics of the application this database belongs to; nil when they are off.
    var metrics: ServerMetrics? { context.metrics }

    /// This database as SQLKit, for the hot and aggregate queries. Both drivers the server
    /// uses (SQLite and PostgreSQL) are SQL databases, so the cast cannot fail. On SQLite,
    /// outside a transaction, plain reads run on `SQLiteReads`' connections; on PostgreSQL,
    /// statements are prepared (`PostgresPreparedDatabase`).
    var sql: any SQLDatabase {
        let base = self as! any SQLDatabase
        guard let configuration = context.configuration as? ServerDatabaseConfiguration else { return base }
        if let reads = configuration.reads, !inTransaction { return SQLiteReadDatabase(base: base, reads: reads) }
        if let statements = configuration.postgresStatements, statements.isStarted, let postgres = self as? any PostgresDatabase {
            return PostgresPreparedDatabase(base: base, postgres: postgres, statements: statements)
        }
        return base
    }
}

extension ServiceContext {
    /// For the write path: records how long this write waited, from `queued` (taken when it
    /// asked for its turn) to now (when its transaction's work begins).
    func recordWriteWait(since queued: ContinuousClock.Instant) {
        application.metrics?.recordWriteWait(queued.duration(to: .now))
    }
}
