import FluentPostgresDriver
import Foundation
import NIOConcurrencyHelpers
import Vapor

/// Session lookups on PostgreSQL, sent together: the lookups that arrive while the queries are
/// on their way go in the next one, a row each, sent as soon as a connection is free.
///
/// The query is `SessionStore.positionalQuery`, prepared once on each connection and read by
/// position. Sent as text each time, PostgreSQL parsed and planned the four-table join on
/// every request, and it and the driver's generic rows cost more than everything else a kept
/// answer needs.
///
/// A kept answer's whole cost on PostgreSQL is this round trip (the driver's work on both
/// sides and PostgreSQL's for one statement), so sharing it is what a busy server gains most
/// from. Each lookup is sent after its request arrived, so it sees every write finished
/// before then, as one query of its own would.
///
/// The queries go on two connections of their own, outside the pools: one queue for the whole
/// server makes the largest groups, and a lookup never waits for a pool that writes hold (with
/// one queue over the pools, a query waited for its first request's loop's pool while the other
/// loop's stood free, and with writes holding that pool, timed out).
final class PostgresSessionLookups: Sendable {
    struct Lookup: Sendable {
        let sessionID: UUID
        let child: UUID?
        let now: Date
    }

    typealias Row = SessionStore.PositionalRow

    private struct Waiter: Sendable {
        let lookup: Lookup
        let logger: Logger
        let answer: CheckedContinuation<Row?, any Error>
    }

    private struct State {
        var waiting: [Waiter] = []
        /// The connections with no query on its way.
        var idle: [Int]
        var sent = (queries: 0, lookups: 0)
    }

    /// The most lookups one query carries.
    let limit: Int
    private let state: NIOLockedValueBox<State>
    /// One query on its way per connection.
    private let connections: [LookupConnection]

    /// The connections' `application_name`, so `pg_stat_activity` tells them apart from the pools'.
    let applicationName = "allowance-session-lookups-\(UUID().uuidString.prefix(8).lowercased())"

    /// A connection on each of `eventLoops`. With one connection, a kept read waited for the
    /// query on its way, then for its own, and the server sat a sixth idle (PostgreSQL's kept
    /// child dashboard, nothing written: 6,033-7,189 a second with 0.33-0.34 of the 2 cores
    /// idle); with two, the next query goes while the last is on its way (7,546-7,735, 0.14-0.15
    /// idle). Two hide one round trip; more would only split the lookups into smaller queries.
    init(
        configuration: PostgresConnection.Configuration, on eventLoops: [any EventLoop], executors: EventLoopExecutors? = nil,
        limit: Int = 64
    ) {
        precondition(!eventLoops.isEmpty, "the lookups need a connection")
        self.limit = limit
        state = NIOLockedValueBox(State(idle: Array(eventLoops.indices)))
        var configuration = configuration
        configuration.options.additionalStartupParameters.append(("application_name", applicationName))
        // The lookup is this connection's only statement. Left to choose, PostgreSQL compares
        // its generic plan, costed for ten lookups, with custom plans made for the few a query
        // carries, and then plans every query afresh: 0.67 ms of planning for 0.2 ms of work,
        // for the same plan (index searches all the way down) as the generic one.
        configuration.options.additionalStartupParameters.append(("plan_cache_mode", "force_generic_plan"))
        connections = eventLoops.map {
            LookupConnection(configuration: configuration, eventLoop: $0, executor: executors?.executor(for: $0))
        }
    }

    /// The queries sent so far and the lookups they carried (for the tests).
    var sent: (queries: Int, lookups: Int) { state.withLockedValue { $0.sent } }

    /// The session's row, if the session is live: sent at once when a connection has no query
    /// on its way, else with the next query.
    func row(for lookup: Lookup, logger: Logger) async throws -> Row? {
        try await withCheckedThrowingContinuation { answer in
            // The connection on the asking request's own loop, if it has none on its way: its
            // answer then wakes no other thread.
            let own = connections.firstIndex { $0.eventLoop.inEventLoop }
            let lane = state.withLockedValue { state -> Int? in
                state.waiting.append(Waiter(lookup: lookup, logger: logger, answer: answer))
                if let own, let index = state.idle.firstIndex(of: own) { return state.idle.remove(at: index) }
                return state.idle.popLast()
            }
            guard let lane else { return }
            Task(executorPreference: connections[lane].executor) { await self.sendWaiting(on: lane) }
        }
    }

    /// Closes the connections; a lookup after this fails.
    func close() async {
        for connection in connections { await connection.close() }
    }

    /// The first connection's value of PostgreSQL's setting `name` (the tests read it).
    func setting(_ name: String, logger: Logger) async throws -> String? {
        try await connections[0].setting(name, logger: logger)
    }

    /// Sends what waits on one connection, query after query, until nothing does; each query
    /// with the logger of its first lookup's request.
    private func sendWaiting(on lane: Int) async {
        let connection = connections[lane]
        while true {
            let batch = state.withLockedValue { state -> [Waiter] in
                let batch = Array(state.waiting.prefix(limit))
                state.waiting.removeFirst(batch.count)
                if batch.isEmpty {
                    state.idle.append(lane)
                } else {
                    state.sent = (state.sent.queries + 1, state.sent.lookups + batch.count)
                }
                return batch
            }
            guard !batch.isEmpty else { return }
            do {
                let found = try await connection.rows(of: Statement(lookups: batch.map(\.lookup)), logger: batch[0].logger)
                for (index, waiter) in batch.enumerated() { waiter.answer.resume(returning: found[Int64(index + 1)]) }
            } catch {
                for waiter in batch { waiter.answer.resume(throwing: error) }
            }
        }
    }

    /// `SessionStore.positionalQuery` for each lookup, numbered as sent (a lookup without a
    /// live session has no row).
    private struct Statement: PostgresPreparedStatement {
        static let name = "session_lookups"
        /// Arrays cannot hold NULL here: a lookup that names no child sends this id, which no child has.
        static let noChild = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        static let sql = """
            SELECT q.n, lookup.*
            FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[]) WITH ORDINALITY AS q(session_id, child, now, n)
            CROSS JOIN LATERAL (\(SessionStore.positionalQuery(
                sessionID: "q.session_id", now: "q.now", child: "NULLIF(q.child, '\(noChild.uuidString)')", kid: "kid.id"))) lookup
            """
        typealias Row = (Int64, PostgresSessionLookups.Row)

        /// The rows found, by their lookup's number (from 1, as sent).
        typealias Found = [Int64: PostgresSessionLookups.Row]

        let lookups: [Lookup]

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings()
            bindings.append(lookups.map(\.sessionID))
            bindings.append(lookups.map { $0.child ?? Self.noChild })
            bindings.append(lookups.map(\.now))
            return bindings
        }

        /// Read cell by cell, each as its own type: PostgresNIO's decode of a tuple this long
        /// goes through its parameter packs unspecialized, looking up each column's type at run
        /// time (a twenty-fifth of a kept read's CPU on PostgreSQL).
        func decodeRow(_ row: PostgresRow) throws -> Row {
            var cells = Cells(iterator: row.makeIterator())
            // In the order of the query's columns: a tuple's elements are evaluated left to right.
            let (number, userID, familyID, role, firstName, lastName, email, childID, version, shared, kid, kidVersion) = (
                try cells.next(Int64.self), try cells.next(UUID.self), try cells.next(UUID.self), try cells.next(String.self),
                try cells.next(String.self), try cells.next(String.self), try cells.next(String.self), try cells.next(UUID?.self),
                try cells.next(Int64.self), try cells.next(Int64.self), try cells.next(UUID?.self), try cells.next(Int64.self)
            )
            let (kidUser, kidEmail, kidFirst, kidLast, balance, allowance, day, paused, createdAt, familyName, timeZone, resumedAt) = (
                try cells.next(UUID?.self), try cells.next(String?.self), try cells.next(String?.self), try cells.next(String?.self),
                try cells.next(Int64?.self), try cells.next(Int64?.self), try cells.next(Int?.self), try cells.next(Bool?.self),
                try cells.next(Date?.self), try cells.next(String.self), try cells.next(String.self), try cells.next(Date?.self)
            )
            var kidRecord: ChildRecord?
            if let kid, let kidUser, let kidEmail, let kidFirst, let kidLast, let balance, let allowance, let day, let paused {
                kidRecord = FamilyDirectory.record(
                    .init(
                        id: kid, userID: kidUser, familyID: familyID, email: kidEmail, firstName: kidFirst, lastName: kidLast,
                        balanceCents: balance, weeklyAllowanceCents: allowance, allowanceDay: day, allowancePaused: paused,
                        createdAt: createdAt, allowanceResumedAt: resumedAt, familyName: familyName, timeZone: timeZone))
            }
            return (number, (userID, familyID, role, firstName, lastName, email, childID, version, shared, kid, kidVersion, kidRecord))
        }
    }

    /// A row's cells in order, each decoded as the type asked for.
    private struct Cells {
        var iterator: PostgresRow.Iterator

        mutating func next<Value: PostgresDecodable>(_: Value.Type) throws -> Value {
            guard let cell = iterator.next() else { throw PostgresDecodingError.Code.missingData }
            return try cell.decode(Value.self)
        }
    }

    /// The lookups' connection: made when first needed, and made again once PostgreSQL has
    /// closed it (a restart, a dropped link).
    private final class LookupConnection: Sendable {
        private struct State {
            var connection: PostgresConnection?
            var closed = false
        }

        private let configuration: PostgresConnection.Configuration
        let eventLoop: any EventLoop
        /// Where its queries are sent from and their answers taken up: its loop
        /// (`EventLoopExecutors`), when the server has them.
        let executor: EventLoopExecutor?
        private let state = NIOLockedValueBox(State())

        init(configuration: PostgresConnection.Configuration, eventLoop: any EventLoop, executor: EventLoopExecutor?) {
            self.configuration = configuration
            self.eventLoop = eventLoop
            self.executor = executor
        }

        /// The statement's rows. A lookup sent just as PostgreSQL ended the connection (a
        /// restart, `pg_terminate_backend`), before PostgresNIO saw it close, goes once more on
        /// a connection made afresh: it only reads, so sending it twice changes nothing.
        func rows(of statement: Statement, logger: Logger) async throws -> Statement.Found {
            let connection = try await open(logger: logger)
            do {
                return try await rows(of: statement, on: connection, logger: logger)
            } catch let error as PSQLError where Self.isEnded(error) {
                try? await connection.close()
                return try await rows(of: statement, on: try await open(logger: logger), logger: logger)
            }
        }

        private func rows(of statement: Statement, on connection: PostgresConnection, logger: Logger) async throws
            -> Statement.Found
        {
            var found: Statement.Found = [:]
            for try await (number, row) in try await connection.execute(statement, logger: logger) { found[number] = row }
            return found
        }

        /// Whether `error` says the connection ended, rather than that the query failed on it:
        /// the socket closed, or PostgreSQL's "terminating connection" (SQLSTATE class 57,
        /// operator intervention), which PostgresNIO reports as the connection closing under
        /// the query (`clientClosedConnection`) or as the query's own error.
        private static func isEnded(_ error: PSQLError) -> Bool {
            switch error.code {
            case .clientClosedConnection, .serverClosedConnection, .uncleanShutdown, .connectionError: true
            case .server: error.serverInfo?[.sqlState]?.hasPrefix("57") ?? false
            default: false
            }
        }

        /// A setting's value on the connection; PostgreSQL answers it in turn with the lookups.
        func setting(_ name: String, logger: Logger) async throws -> String? {
            let rows = try await open(logger: logger).query("SELECT current_setting(\(name))", logger: logger)
            for try await value in rows.decode(String.self) { return value }
            return nil
        }

        func close() async {
            let connection = state.withLockedValue { state in
                state.closed = true
                defer { state.connection = nil }
                return state.connection
            }
            try? await connection?.close()
        }

        /// The open connection; only `sendWaiting`, one query at a time on each, asks for it.
        private func open(logger: Logger) async throws -> PostgresConnection {
            if let open = state.withLockedValue({ $0.connection }), !open.isClosed { return open }
            let made = try await PostgresConnection.connect(on: eventLoop, configuration: configuration, id: 0, logger: logger)
            let kept = state.withLockedValue { state in
                guard !state.closed else { return false }
                state.connection = made
                return true
            }
            guard kept else {
                // The server shut down while this connected.
                try? await made.close()
                throw PostgresSessionLookups.Closed()
            }
            return made
        }
    }

    /// A lookup after `close()`: the server is shutting down.
    struct Closed: Error {}
}

extension Application {
    private struct SessionLookupsKey: StorageKey { typealias Value = PostgresSessionLookups }

    /// Set in `configure` on PostgreSQL (`use(_:)`).
    var postgresSessionLookups: PostgresSessionLookups? { storage[SessionLookupsKey.self] }

    /// Sends the session lookups through `lookups`, whose connection closes when the application shuts down.
    func use(_ lookups: PostgresSessionLookups) async {
        await storage.setWithAsyncShutdown(SessionLookupsKey.self, to: lookups) { await $0.close() }
    }
}
