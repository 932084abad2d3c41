import NIOConcurrencyHelpers
import Vapor

/// Tokens whose signature has been checked, with the session each names. A token's signature
/// and claims never change, so checking it again would only repeat the HMAC and the JSON
/// decoding of its payload in jwt-kit's async path (with `Request.urlPath`, kept goal lists
/// went from about 9,000 to 12,500 req/s); whether its session is still live is looked up on
/// every request all the same (`SessionStore`).
final class VerifiedTokens: Sendable {
    /// Enough for every session of a busy server; past it, all are forgotten and checked anew.
    static let capacity = 10_000
    private let sessions = NIOLockedValueBox<[String: UUID]>([:])

    /// The session `token` names, checking its signature unless it was checked before; nil
    /// when it does not verify.
    func session(of token: String, on request: Request) async -> UUID? {
        if let known = sessions.withLockedValue({ $0[token] }) { return known }
        guard let payload = try? await request.jwt.verify(token, as: TokenPayload.self),
            let sessionID = UUID(hexText: payload.jti.value)
        else { return nil }
        sessions.withLockedValue { sessions in
            if sessions.count >= Self.capacity { sessions.removeAll() }
            sessions[token] = sessionID
        }
        return sessionID
    }
}

extension Application {
    private struct VerifiedTokensKey: StorageKey { typealias Value = VerifiedTokens }

    /// Set in `configure`, beside the signing key.
    var verifiedTokens: VerifiedTokens {
        get { storage[VerifiedTokensKey.self]! }
        set { storage[VerifiedTokensKey.self] = newValue }
    }
}
