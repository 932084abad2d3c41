import Foundation
import JWT

/// The bearer token: who (`sub`), which session (`jti`, revocable) and until when.
struct TokenPayload: JWTPayload {
    var sub: SubjectClaim
    var jti: IDClaim
    var exp: ExpirationClaim

    func verify(using algorithm: some JWTAlgorithm) async throws {
        try exp.verifyNotExpired()
    }
}
