import Fluent
import FluentSQLiteDriver
import Foundation
import SQLKit
import Vapor

/// What a service needs from its surroundings: the database, the instant it acts at and the
/// application's shared parts (password hasher, payday hooks, write gate).
/// Controllers build one with `req.context`, jobs and commands with `app.context(now:)`, so
/// the API, the web pages, the jobs, the commands and the tests run the same service code.
struct ServiceContext: Sendable {
    let application: Application
    let db: any Database
    /// `db` as SQLKit, made once with the context: `Database.sql` casts and wraps on each use.
    let sql: any SQLDatabase
    let now: Date
    /// Jobs do only this family's work when it is set. The tests set it: they share one
    /// PostgreSQL database, and one test's run must not pay another test's children.
    var familyScope: UUID?

    /// `sql` is `db.sql` unless given (a request's, made once per request: `Request.sql`).
    init(application: Application, db: any Database, sql: (any SQLDatabase)? = nil, now: Date, familyScope: UUID? = nil) {
        self.application = application
        self.db = db
        self.sql = sql ?? db.sql
        self.now = now
        self.familyScope = familyScope
    }

    var password: AsyncPasswordHasher { application.password.async }
    var state: ServerState { application.serverState }
    /// PostgreSQL's posting groups (`PostingGroups`), when this context may post through them:
    /// not on SQLite (whose writes commit in `GroupCommit`'s groups), and not inside a
    /// transaction already (a request with an `Idempotency-Key`), which must hold its own posting.
    var postingGroups: PostingGroups? { db.inTransaction ? nil : state.postingGroups }

    /// The same context on the connections of `loop`, with the executor that holds a task to
    /// that loop (`EventLoopExecutors`; nil on SQLite): work started there takes its answers up
    /// on the thread they arrive on.
    func on(_ loop: any EventLoop) -> (context: ServiceContext, executor: EventLoopExecutor?) {
        let db = application.databases.database(logger: db.logger, on: loop)!
        return (
            ServiceContext(application: application, db: db, now: now, familyScope: familyScope),
            application.eventLoopExecutors?.executor(for: loop)
        )
    }

    /// The same context working inside an open transaction.
    func within(_ transaction: any Database) -> ServiceContext {
        ServiceContext(application: application, db: transaction, now: now, familyScope: familyScope)
    }

    /// Runs `work` in one database transaction; on SQLite in the next group commit (see
    /// `GroupCommit`). Inside a transaction already, the outer one covers the work. Work that
    /// changes only rows of one family (its ledgers, goals, members' notifications, version
    /// numbers) names it as `family`, so that SQLite's group may run it beside other families'.
    func write<T: Sendable>(family: UUID? = nil, _ work: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        if db.inTransaction { return try await work(db) }
        // The wait for a turn (the group commit's queue, or a pooled connection) is a metric.
        let queued = ContinuousClock.now
        let timed: @Sendable (any Database) async throws -> T = { transaction in
            recordWriteWait(since: queued)
            return try await work(transaction)
        }
        guard let groupCommit = state.groupCommit else { return try await db.transaction(timed) }
        return try await groupCommit.run(family: family, logger: db.logger, timed)
    }
}

extension Request {
    /// The services' view of this request: its database (or the transaction an idempotent
    /// request runs in, so its work commits with its key) and the application clock's now.
    var context: ServiceContext {
        if let transaction = storage[AmbientTransactionKey.self] {
            return ServiceContext(application: application, db: transaction, now: now)
        }
        let made = databases
        return ServiceContext(application: application, db: made.db, sql: made.sql, now: now)
    }

    /// This request's database, made on its first use and kept for the rest of the request:
    /// what the server's code uses instead of Fluent's `db`, which makes a new one on every use
    /// (under the application's lock, with a logger and a context of its own; about ten times
    /// for a page, 0.9 % of the server's CPU on the child page, 0.45 % now).
    var database: any Database { databases.db }

    /// `database` as SQLKit (`Database.sql`), made once with it.
    var sql: any SQLDatabase { databases.sql }

    private var databases: RequestDatabases {
        if let made = storage[RequestDatabases.self] { return made }
        let db = db
        let made = RequestDatabases(db: db, sql: db.sql)
        storage[RequestDatabases.self] = made
        return made
    }
}

/// A request's database and its SQLKit view, kept in the request's storage (`Request.database`).
private struct RequestDatabases: StorageKey, Sendable {
    typealias Value = RequestDatabases
    let db: any Database
    let sql: any SQLDatabase
}

extension Application {
    /// The services' view for a job or a command, acting at `now` (default: the clock's now).
    func context(now: Date? = nil, familyScope: UUID? = nil) -> ServiceContext {
        ServiceContext(application: self, db: db, now: now ?? clock.now(), familyScope: familyScope)
    }
}
