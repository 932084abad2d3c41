import Fluent
import FluentPostgresDriver
import SQLKit
import Vapor

/// The database configuration as given, carrying the application's metrics and the way its
/// plain reads run (`SQLiteReads`' connections on SQLite, `PostgresReads`' names on PostgreSQL). A `Database` knows nothing of the application it serves, but
/// every one it makes (a request's, a job's, a transaction's) keeps the configuration it was
/// made from: so code that holds only a database, such as `LedgerService.post`, still reaches
/// its own server's metrics and read connections, and two applications in one process (the
/// tests) never share them.
struct ServerDatabaseConfiguration: DatabaseConfiguration {
    var base: any DatabaseConfiguration
    let metrics: ServerMetrics?
    let reads: SQLiteReads?
    let postgresReads: PostgresReads?

    var middleware: [any AnyModelMiddleware] {
        get { base.middleware }
        set { base.middleware = newValue }
    }

    func makeDriver(for databases: Databases) -> any DatabaseDriver { base.makeDriver(for: databases) }
}

extension Application {
    /// The database configuration to use: the one given, carrying the metrics (when they are
    /// on) and `reads` (SQLite's reading connections, for the database that is read from) or
    /// `postgresReads`.
    func serverDatabase(
        _ configuration: DatabaseConfigurationFactory, reads: SQLiteReads? = nil, postgresReads: PostgresReads? = nil
    ) -> any DatabaseConfiguration {
        ServerDatabaseConfiguration(base: configuration.make(), metrics: metrics, reads: reads, postgresReads: postgresReads)
    }
}

extension Database {
    /// The metrics of the application this database belongs to; nil when they are off.
    var metrics: ServerMetrics? { (context.configuration as? ServerDatabaseConfiguration)?.metrics }

    /// This database as SQLKit, for the hot and aggregate queries. Both drivers the server
    /// uses (SQLite and PostgreSQL) are SQL databases, so the cast cannot fail. Outside a
    /// transaction, plain reads run on `SQLiteReads`' connections on SQLite, and prepared on
    /// PostgreSQL (`PostgresReadDatabase`).
    var sql: any SQLDatabase {
        let base = self as! any SQLDatabase
        guard !inTransaction, let configuration = context.configuration as? ServerDatabaseConfiguration else { return base }
        if let reads = configuration.reads { return SQLiteReadDatabase(base: base, reads: reads) }
        if let reads = configuration.postgresReads, reads.isStarted, let postgres = self as? any PostgresDatabase {
            return PostgresReadDatabase(base: base, postgres: postgres, reads: reads)
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
