import AllowanceAPI
import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation
import JWT
import SQLKit
import Vapor

/// Reads `Authorization: Bearer <jwt>`, checks the signature and expiry, then that the
/// session is still live (not logged out, not ended by a password change).
struct BearerSessionAuthenticator: AsyncRequestAuthenticator {
    func authenticate(request: Request) async throws {
        guard let header = request.headers.first(name: .authorization), let token = Self.token(in: header),
            let user = try await SessionStore.user(forToken: token, request: request)
        else { return }
        request.auth.login(user)
    }

    /// The token of `Bearer <token>` (the scheme in any case, as RFC 9110 has it; spaces
    /// around the two words), else nil: what Vapor's `bearerAuthorization` takes. Read as
    /// bytes: Vapor splits the header by characters, which walks the 200-byte token grapheme
    /// by grapheme, and that was about a twenty-fifth of a kept read's CPU.
    static func token(in header: String) -> String? {
        let words = header.utf8.split(separator: UInt8(ascii: " "))
        guard words.count == 2, words[0].count == 6,
            // `| 0x20` lowercases an ASCII letter; only "B" or "b" give "b", and so on.
            zip(words[0], "bearer".utf8).allSatisfy({ $0 | 0x20 == $1 })
        else { return nil }
        return String(decoding: words[1], as: UTF8.self)
    }
}

/// Sessions: issue, resolve and revoke. The one place that knows a token names a session row.
enum SessionStore {
    static let standardLifetime: TimeInterval = 24 * 3600
    static let rememberedLifetime: TimeInterval = 30 * 24 * 3600

    /// Creates a session and signs its token.
    static func issue(for userID: UUID, remember: Bool, in context: ServiceContext) async throws -> (token: String, expiresAt: Date) {
        let now = context.now
        // Whole seconds: a JWT's exp has no fractions, and the answer should match it.
        let expiresAt = Date(
            timeIntervalSince1970: (now.timeIntervalSince1970 + (remember ? rememberedLifetime : standardLifetime)).rounded(.down))
        let session = Session(userID: userID, createdAt: now, expiresAt: expiresAt)
        try await context.write { db in try await session.create(on: db) }
        let payload = TokenPayload(
            sub: .init(value: userID.uuidString), jti: .init(value: session.id!.uuidString), exp: .init(value: expiresAt))
        return (try await context.application.jwt.keys.sign(payload), expiresAt)
    }

    /// Who a token belongs to, if its session is live. Looked up in the database on every
    /// request, never cached: signing out or changing the password on any instance of the
    /// server ends the session on all of them at once.
    static func user(forToken token: String, request: Request) async throws -> AuthUser? {
        guard let sessionID = await request.application.verifiedTokens.session(of: token, on: request) else { return nil }
        // A read of one child (the path's, or a child's own) is kept at that child's numbers
        // (`AddChildDataVersion`), read here in the same query.
        let child = request.parameters.get("childId").flatMap(UUID.init(hexText:))
        var user: AuthUser?
        if let reads = request.application.sqliteReads {
            user = try self.user(forSession: sessionID, child: child, on: reads, now: request.now)
        } else if let lookups = request.application.postgresSessionLookups {
            let lookup = PostgresSessionLookups.Lookup(sessionID: sessionID, child: child, now: request.now)
            user = try await lookups.row(for: lookup, logger: request.logger).flatMap { AuthUser(sessionID: sessionID, row: $0) }
        } else {
            user = try await session(sessionID, on: request.sql, now: request.now)?.user
        }
        user?.pathChild = child
        return user
    }

    /// The session's user as `sql` sees it: inside a transaction, with that transaction's changes.
    static func user(forSession sessionID: UUID, on sql: SQLDatabase, now: Date) async throws -> AuthUser? {
        try await session(sessionID, on: sql, now: now)?.user
    }

    private static func session(_ sessionID: UUID, on sql: SQLDatabase, now: Date) async throws -> (user: AuthUser, expiresAt: Date)? {
        struct Row: Decodable {
            let user_id: UUID, family_id: UUID, role: String, first_name: String, last_name: String, email: String
            let child_id: UUID?, expires_at: Date, data_version: Int64
        }
        // Written out, not built: every signed-in request runs it on PostgreSQL, and SQLKit's
        // builder costs more to serialize than the database takes to answer. On SQLite,
        // `sqliteQuery` is the same query, prepared once.
        let row = try await sql.raw(
            """
            SELECT users.id AS user_id, users.family_id, users.role, users.first_name, users.last_name, users.email,
                   children.id AS child_id, sessions.expires_at, families.data_version
            FROM sessions JOIN users ON sessions.user_id = users.id JOIN families ON families.id = users.family_id
                 LEFT JOIN children ON children.user_id = users.id
            WHERE sessions.id = \(bind: sessionID) AND sessions.revoked_at IS NULL AND sessions.expires_at > \(bind: now)
            """
        ).first(decoding: Row.self)
        guard let row, let role = UserRole(rawValue: row.role) else { return nil }
        let user = AuthUser(
            userID: row.user_id, sessionID: sessionID, familyID: row.family_id, role: role, firstName: row.first_name,
            lastName: row.last_name, email: row.email, childID: row.child_id, dataVersion: row.data_version)
        return (user, row.expires_at)
    }

    /// The lookup every signed-in request makes on SQLite: `session`'s query with its columns
    /// read by position, with no SQLKit and no `Decodable` between the row and the user.
    private static func user(forSession sessionID: UUID, child: UUID?, on reads: SQLiteReads, now: Date) throws -> AuthUser? {
        try reads.withConnection { connection in
            guard let statement = connection.statement(sqliteQuery) else { throw SQLiteReadsError("session lookup did not prepare") }
            var user: AuthUser?
            let binds: [SQLiteData] = [
                .text(sessionID.upperHex), .float(now.timeIntervalSince1970), child.map { .text($0.upperHex) } ?? .null,
            ]
            try connection.run(statement, binds) { row in
                let text = row.values.map { value -> String? in if case .text(let text) = value { text } else { nil } }
                let uuid = { SQLiteReads.Row.uuid(row.values[$0]) }
                guard let userID = uuid(0), let familyID = uuid(1), let role = text[2], let firstName = text[3],
                    let lastName = text[4], let email = text[5], case .integer(let version) = row.values[7],
                    case .integer(let shared) = row.values[8], case .integer(let childVersion) = row.values[10]
                else { return }
                let integer = { (index: Int) -> Int64? in if case .integer(let value) = row.values[index] { Int64(value) } else { nil } }
                var kidRecord: ChildRecord?
                if let kid = uuid(9), let kidUser = uuid(11), let kidEmail = text[12], let kidFirst = text[13], let kidLast = text[14],
                    let balance = integer(15), let allowance = integer(16), let day = integer(17),
                    let paused = Bool(sqliteData: row.values[18]), let familyName = text[20], let timeZone = text[21]
                {
                    kidRecord = FamilyDirectory.record(
                        .init(
                            id: kid, userID: kidUser, familyID: familyID, email: kidEmail, firstName: kidFirst, lastName: kidLast,
                            balanceCents: balance, weeklyAllowanceCents: allowance, allowanceDay: Int(day), allowancePaused: paused,
                            createdAt: Date(sqliteData: row.values[19]), allowanceResumedAt: Date(sqliteData: row.values[22]),
                            familyName: familyName, timeZone: timeZone))
                }
                user = AuthUser(
                    sessionID: sessionID,
                    row: (
                        userID, familyID, role, firstName, lastName, email, uuid(6), Int64(version), Int64(shared), uuid(9),
                        Int64(childVersion), kidRecord
                    ))
            }
            return user
        }
    }

    /// A row of `positionalQuery`, its columns in order.
    typealias PositionalRow = (
        userID: UUID, familyID: UUID, role: String, firstName: String, lastName: String, email: String, childID: UUID?,
        version: Int64, shared: Int64, kid: UUID?, kidVersion: Int64, kidRecord: ChildRecord?
    )

    /// `session`'s query read by position, with the dialect's parameters: SQLite's and
    /// PostgreSQL's prepared lookups. They also read the family's shared number and the id and
    /// number of the child the request is about: the child its path names (`child`, or NULL),
    /// else, for a child's own login, that child. A child sees only their own rows and the
    /// family's shared ones, so each of their reads is a read of one child.
    /// SQLite keeps that child's number on the child's row (`KeepChildNumbersOnTheirRows`),
    /// PostgreSQL in `child_data_versions`, joined by `kid`: the child's id as that table keys
    /// it (nil on SQLite).
    ///
    /// Then that child's row, as `FamilyDirectory` reads it (`FamilyDirectory.Columns`), so that a read of
    /// the child made afresh does not ask for it again (`visibleChild`): one round trip fewer
    /// on PostgreSQL, one statement fewer on SQLite, and the row is of the same moment as the
    /// numbers the answer is kept at.
    static func positionalQuery(sessionID: String, now: String, child: String, kid: String?) -> String {
        let kidVersion = kid == nil ? "coalesce(kid.data_version, 0)" : "coalesce(kid_version.version, 0)"
        let versionJoin = kid.map { "\n     LEFT JOIN child_data_versions kid_version ON kid_version.child_id = \($0)" } ?? ""
        return """
            SELECT users.id, users.family_id, users.role, users.first_name, users.last_name, users.email,
                   children.id, families.data_version, families.shared_version, kid.id, \(kidVersion),
                   kid.user_id, kid_user.email, kid_user.first_name, kid_user.last_name, kid.balance_cents, kid.weekly_allowance_cents,
                   kid.allowance_day, kid.allowance_paused, kid.created_at, families.name, families.time_zone, kid.allowance_resumed_at
            FROM sessions JOIN users ON sessions.user_id = users.id JOIN families ON families.id = users.family_id
                 LEFT JOIN children ON children.user_id = users.id
                 LEFT JOIN children kid ON kid.id = coalesce(\(child), children.id) AND kid.family_id = users.family_id
                 LEFT JOIN users kid_user ON kid_user.id = kid.user_id\(versionJoin)
            WHERE sessions.id = \(sessionID) AND sessions.revoked_at IS NULL AND sessions.expires_at > \(now)
            """
    }

    /// The ids are cast because SQLite plans a bare parameter beside the LEFT JOIN anew each
    /// time it is bound, which would undo the point of preparing it once.
    static let sqliteQuery = positionalQuery(sessionID: "CAST(?1 AS TEXT)", now: "?2", child: "CAST(?3 AS TEXT)", kid: nil)

    static func revoke(_ sessionID: UUID, in context: ServiceContext) async throws {
        let now = context.now
        try await context.write { db in
            try await Session.query(on: db).filter(\.$id == sessionID).filter(\.$revokedAt == nil).set(\.$revokedAt, to: now).update()
        }
    }

    /// Ends every session of a user but one (after a password change, other devices sign in again).
    static func revokeAll(of userID: UUID, except keep: UUID?, in context: ServiceContext) async throws {
        let now = context.now
        try await context.write { db in
            var query = Session.query(on: db).filter(\.$user.$id == userID).filter(\.$revokedAt == nil)
            if let keep { query = query.filter(\.$id != keep) }
            try await query.set(\.$revokedAt, to: now).update()
        }
    }
}
