import AllowanceAPI
import Fluent
import Foundation
import JWT
import SQLKit
import Vapor

/// Reads `Authorization: Bearer <jwt>`, checks the signature and expiry, then that the
/// session is still live (not logged out, not ended by a password change).
struct BearerSessionAuthenticator: AsyncBearerAuthenticator {
    func authenticate(bearer: BearerAuthorization, for request: Request) async throws {
        guard let user = try await SessionStore.user(forToken: bearer.token, request: request) else { return }
        request.auth.login(user)
    }
}

/// Sessions: issue, resolve and revoke. The one place that knows a token names a session row.
enum SessionStore {
    static let standardLifetime: TimeInterval = 24 * 3600
    static let rememberedLifetime: TimeInterval = 30 * 24 * 3600

    /// Creates a session and signs its token.
    static func issue(for userID: UUID, remember: Bool, on request: Request) async throws -> (token: String, expiresAt: Date) {
        let now = request.now
        // Whole seconds: a JWT's exp has no fractions, and the answer should match it.
        let expiresAt = Date(timeIntervalSince1970: (now.timeIntervalSince1970 + (remember ? rememberedLifetime : standardLifetime)).rounded(.down))
        let session = Session(userID: userID, createdAt: now, expiresAt: expiresAt)
        try await session.create(on: request.db)
        let payload = TokenPayload(sub: .init(value: userID.uuidString), jti: .init(value: session.id!.uuidString), exp: .init(value: expiresAt))
        return (try await request.jwt.sign(payload), expiresAt)
    }

    static func user(forToken token: String, request: Request) async throws -> AuthUser? {
        guard let payload = try? await request.jwt.verify(token, as: TokenPayload.self),
            let sessionID = UUID(uuidString: payload.jti.value)
        else { return nil }
        return try await user(forSession: sessionID, on: request.db(), now: request.now)
    }

    static func user(forSession sessionID: UUID, on sql: SQLDatabase, now: Date) async throws -> AuthUser? {
        struct Row: Decodable {
            let user_id: UUID, family_id: UUID, role: String, first_name: String, last_name: String, email: String
            let child_id: UUID?
        }
        let row = try await sql.select()
            .column(SQLColumn("id", table: "users"), as: "user_id")
            .columns(SQLColumn("family_id", table: "users"), SQLColumn("role", table: "users"), SQLColumn("first_name", table: "users"),
                     SQLColumn("last_name", table: "users"), SQLColumn("email", table: "users"))
            .column(SQLColumn("id", table: "children"), as: "child_id")
            .from("sessions")
            .join("users", on: SQLColumn("user_id", table: "sessions"), .equal, SQLColumn("id", table: "users"))
            .join("children", method: SQLJoinMethod.left, on: SQLColumn("user_id", table: "children"), .equal, SQLColumn("id", table: "users"))
            .where(SQLColumn("id", table: "sessions"), .equal, SQLBind(sessionID))
            .where(SQLColumn("revoked_at", table: "sessions"), .is, SQLLiteral.null)
            .where(SQLColumn("expires_at", table: "sessions"), .greaterThan, SQLBind(now))
            .first(decoding: Row.self)
        guard let row, let role = UserRole(rawValue: row.role) else { return nil }
        return AuthUser(
            userID: row.user_id, sessionID: sessionID, familyID: row.family_id, role: role, firstName: row.first_name,
            lastName: row.last_name, email: row.email, childID: row.child_id)
    }

    static func revoke(_ sessionID: UUID, at now: Date, on db: Database) async throws {
        try await Session.query(on: db).filter(\.$id == sessionID).filter(\.$revokedAt == nil).set(\.$revokedAt, to: now).update()
    }

    /// Ends every session of a user but one (after a password change, other devices sign in again).
    static func revokeAll(of userID: UUID, except keep: UUID?, at now: Date, on db: Database) async throws {
        var query = Session.query(on: db).filter(\.$user.$id == userID).filter(\.$revokedAt == nil)
        if let keep { query = query.filter(\.$id != keep) }
        try await query.set(\.$revokedAt, to: now).update()
    }
}

extension Request {
    /// The request's database as SQLKit, for the hot and aggregate queries.
    func db() -> SQLDatabase { db as! SQLDatabase }
}
