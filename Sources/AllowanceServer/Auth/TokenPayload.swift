import Foundation
import JWT

/// The bearer token: who (`sub`), which session (`jti`, revocable) and until when.
struct TokenPayload: JWTPayload {
    var sub: SubjectClaim
    var jti: IDClaim
    var exp: ExpirationClaim

    /// Expiry is enforced by the session row against the app's clock (which tests and
    /// `run-jobs --at` move), so the token check here is the signature alone.
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
