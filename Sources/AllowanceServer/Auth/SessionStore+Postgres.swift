import AllowanceAPI
import FluentPostgresDriver
import Foundation
import NIOConcurrencyHelpers
import Vapor

extension SessionStore {
    /// The lookup every signed-in request makes on PostgreSQL: `session`'s query, prepared
    /// once on each connection and read by position, for every request whose lookup is waiting
    /// (`PostgresSessionLookups`). Sent as text each time, PostgreSQL parsed and planned the
    /// four-table join on every request, and it and the driver's generic rows cost more than
    /// everything else a kept answer needs.
    static func user(
        forSession sessionID: UUID, child: UUID?, on postgres: any PostgresDatabase, lookups: PostgresSessionLookups, now: Date,
        logger: Logger
    ) async throws -> AuthUser? {
        let row = try await lookups.row(for: .init(sessionID: sessionID, child: child, now: now), on: postgres, logger: logger)
        guard let (userID, familyID, role, firstName, lastName, email, childID, version, shared, kid, kidVersion) = row,
            let role = UserRole(rawValue: role)
        else { return nil }
        return AuthUser(
            userID: userID, sessionID: sessionID, familyID: familyID, role: role, firstName: firstName, lastName: lastName,
            email: email, childID: childID, dataVersion: version, sharedVersion: shared, childVersion: kid.map { ($0, kidVersion) })
    }
}

/// Session lookups on PostgreSQL, sent together: on each event loop, the lookups that arrive
/// while one query is on its way go in the next one, a row each, and the next goes as soon as
/// the last is answered. Each loop's queries take that loop's connections, as each request's
/// own lookup did: one queue for the whole server would wait for one loop's pool while another
/// loop's stood free (and with writes holding that pool, time out).
/// A kept answer's whole cost on PostgreSQL is this round trip (the driver's work on both
/// sides and PostgreSQL's for one statement), so sharing it is what a busy server gains most
/// from. Each lookup is sent after its request arrived, so it sees every write finished
/// before then, as one query of its own would.
final class PostgresSessionLookups: Sendable {
    struct Lookup: Sendable {
        let sessionID: UUID
        let child: UUID?
        let now: Date
    }

    typealias Row = (UUID, UUID, String, String, String, String, UUID?, Int64, Int64, UUID?, Int64)

    private struct Waiter: Sendable {
        let lookup: Lookup
        let postgres: any PostgresDatabase
        let logger: Logger
        let answer: CheckedContinuation<Row?, any Error>
    }

    private struct Queue {
        var waiting: [Waiter] = []
        var sending = false
    }

    private struct State {
        var queues: [ObjectIdentifier: Queue] = [:]
        var sent = (queries: 0, lookups: 0)
    }

    /// The most lookups one query carries.
    let limit: Int
    private let state = NIOLockedValueBox(State())

    init(limit: Int = 64) { self.limit = limit }

    /// The queries sent so far and the lookups they carried (for the tests).
    var sent: (queries: Int, lookups: Int) { state.withLockedValue { $0.sent } }

    /// The session's row, if the session is live: sent at once when no query is on its way,
    /// else with the next one.
    func row(for lookup: Lookup, on postgres: any PostgresDatabase, logger: Logger) async throws -> Row? {
        let loop = ObjectIdentifier(postgres.eventLoop)
        return try await withCheckedThrowingContinuation { answer in
            let send = state.withLockedValue { state in
                state.queues[loop, default: Queue()].waiting.append(
                    Waiter(lookup: lookup, postgres: postgres, logger: logger, answer: answer))
                guard state.queues[loop]?.sending == false else { return false }
                state.queues[loop]?.sending = true
                return true
            }
            guard send else { return }
            Task { await self.sendWaiting(on: loop) }
        }
    }

    /// Sends what waits on `loop`, query after query, until nothing does; each query on the
    /// database and with the logger of its first lookup's request.
    private func sendWaiting(on loop: ObjectIdentifier) async {
        while true {
            let batch = state.withLockedValue { state -> [Waiter] in
                var queue = state.queues[loop] ?? Queue()
                let batch = Array(queue.waiting.prefix(limit))
                queue.waiting.removeFirst(batch.count)
                queue.sending = !batch.isEmpty
                state.queues[loop] = queue
                if !batch.isEmpty { state.sent = (state.sent.queries + 1, state.sent.lookups + batch.count) }
                return batch
            }
            guard !batch.isEmpty else { return }
            do {
                let (statement, logger) = (Statement(lookups: batch.map(\.lookup)), batch[0].logger)
                let found = try await batch[0].postgres.withConnection { connection in
                    connection.eventLoop.makeFutureWithTask {
                        var found: [Int64: Row] = [:]
                        for try await (number, row) in try await connection.execute(statement, logger: logger) { found[number] = row }
                        return found
                    }
                }.get()
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

        let lookups: [Lookup]

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings()
            bindings.append(lookups.map(\.sessionID))
            bindings.append(lookups.map { $0.child ?? Self.noChild })
            bindings.append(lookups.map(\.now))
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row {
            let (number, userID, familyID, role, firstName, lastName, email, childID, version, shared, kid, kidVersion) = try row.decode(
                (Int64, UUID, UUID, String, String, String, String, UUID?, Int64, Int64, UUID?, Int64).self)
            return (number, (userID, familyID, role, firstName, lastName, email, childID, version, shared, kid, kidVersion))
        }
    }
}

extension Application {
    private struct SessionLookupsKey: StorageKey { typealias Value = PostgresSessionLookups }

    /// Set in `configure` on PostgreSQL.
    var postgresSessionLookups: PostgresSessionLookups? {
        get { storage[SessionLookupsKey.self] }
        set { storage[SessionLookupsKey.self] = newValue }
    }
}
