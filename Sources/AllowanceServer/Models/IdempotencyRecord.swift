import Fluent
import Foundation

/// The first answer to a POST sent with an `Idempotency-Key`, replayed to every retry.
// @unchecked Sendable: see Family.
final class IdempotencyRecord: Model, @unchecked Sendable {
    static let schema = "idempotency_keys"

    @ID(key: .id) var id: UUID?

    @Field(key: "user_id") var userID: UUID
    @Field(key: "key") var key: String
    @Field(key: "request_hash") var requestHash: String
    @OptionalField(key: "status_code") var statusCode: Int?
    @OptionalField(key: "response_body") var responseBody: String?
    @Field(key: "created_at") var createdAt: Date

    init() {}
}
