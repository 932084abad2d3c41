import AllowanceAPI
import Foundation

/// What a signed-in client keeps between launches: the server, its bearer token and when
/// that token expires (nil when unknown, as for a token given in `ALLOWANCE_TOKEN`).
public struct StoredSession: Codable, Sendable {
    public var server: URL
    public var token: String
    public var expiresAt: Date?
    /// Who signed in, when known (from login or refresh).
    public var user: UserResponse?

    public init(server: URL, token: String, expiresAt: Date? = nil, user: UserResponse? = nil) {
        self.server = server
        self.token = token
        self.expiresAt = expiresAt
        self.user = user
    }

    init(server: URL, auth: AuthResponse) {
        self.init(
            server: server, token: auth.token, expiresAt: auth.expiresAt,
            user: UserResponse(
                userId: auth.userId, email: auth.email, firstName: auth.firstName, lastName: auth.lastName, role: auth.role,
                familyId: auth.familyId, familyName: auth.familyName, childId: auth.childId))
    }
}
