import AllowanceAPI
import FluentPostgresDriver
import Foundation

extension SessionStore {
    /// The lookup every signed-in request makes on PostgreSQL: `session`'s query, prepared
    /// once on each connection and read by position. Sent as text each time, PostgreSQL
    /// parsed and planned the four-table join on every request, and it and the driver's
    /// generic rows cost more than everything else a kept answer needs.
    static func user(forSession sessionID: UUID, child: UUID?, on postgres: any PostgresDatabase, now: Date, logger: Logger)
        async throws -> AuthUser?
    {
        let lookup = PostgresLookup(sessionID: sessionID, now: now, child: child)
        let row = try await postgres.withConnection { connection in
            connection.eventLoop.makeFutureWithTask { try await connection.execute(lookup, logger: logger).first { _ in true } }
        }.get()
        guard let (userID, familyID, role, firstName, lastName, email, childID, version, shared, kid, kidVersion) = row,
            let role = UserRole(rawValue: role)
        else { return nil }
        return AuthUser(
            userID: userID, sessionID: sessionID, familyID: familyID, role: role, firstName: firstName, lastName: lastName,
            email: email, childID: childID, dataVersion: version, sharedVersion: shared, childVersion: kid.map { ($0, kidVersion) })
    }

    private struct PostgresLookup: PostgresPreparedStatement {
        static let name = "session_lookup"
        static let sql = SessionStore.positionalQuery(sessionID: "$1", now: "$2", child: "$3", kid: "kid.id")
        typealias Row = (UUID, UUID, String, String, String, String, UUID?, Int64, Int64, UUID?, Int64)

        let sessionID: UUID
        let now: Date
        let child: UUID?

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings()
            bindings.append(sessionID)
            bindings.append(now)
            try bindings.append(child)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }
}
