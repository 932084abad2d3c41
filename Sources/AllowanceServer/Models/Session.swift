import Fluent
import Foundation

/// A signed-in device. The token's `jti` names a row here, so logging out (or changing the
/// password) ends that token at once, before its expiry.
// @unchecked Sendable: see Family.
final class Session: Model, @unchecked Sendable {
    static let schema = "sessions"

    @ID(key: .id) var id: UUID?

    @Field(key: "expires_at") var expiresAt: Date
    @OptionalField(key: "revoked_at") var revokedAt: Date?
    @Field(key: "created_at") var createdAt: Date

    @Parent(key: "user_id") var user: User

    init() {}

    init(id: UUID = UUID(), userID: UUID, createdAt: Date, expiresAt: Date) {
        self.id = id
        self.$user.id = userID
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
