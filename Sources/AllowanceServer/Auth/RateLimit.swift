import Foundation
import SQLKit
import Vapor

/// How often one key (an email, a user, a client address) may try one action. The attempts
/// are rows in the database, so every instance of the server counts them together and a
/// restart forgives nothing.
struct RateLimit: Sendable {
    /// Names the rows of this limit, so one table holds every limit's attempts.
    let action: String
    let maximum: Int
    let window: TimeInterval
    /// The sentence a person reads when held back; the wait in minutes follows it.
    let refusal: String

    /// After 5 failed sign-ins for one email within 15 minutes, that email waits until the
    /// oldest failure is 15 minutes old. A success clears the count.
    static let signIn = RateLimit(
        action: "sign-in", maximum: 5, window: 15 * 60, refusal: "Too many failed sign-in attempts.")
    /// A wrong current password is a guess like a wrong sign-in, so it is held back the same way.
    static let passwordChange = RateLimit(
        action: "password-change", maximum: 5, window: 15 * 60, refusal: "Too many wrong current passwords.")

    /// New families from one client address (an hour's window): enough for a household or a
    /// class trying the app, too few to fill the database or to probe which emails have accounts.
    static func registration(perHour maximum: Int) -> RateLimit {
        RateLimit(action: "registration", maximum: maximum, window: 60 * 60, refusal: "Too many new accounts from this network.")
    }

    /// Refuses with 429 and `Retry-After` when `key` has used up its attempts.
    func check(_ key: String, in context: ServiceContext) async throws {
        struct Row: Decodable { let hit_at: Date }
        let recent = try await context.sql.raw(
            """
            SELECT hit_at FROM rate_limit_hits
            WHERE bucket = \(bind: bucket(key)) AND hit_at > \(bind: context.now.addingTimeInterval(-window)) ORDER BY hit_at
            """
        ).all(decoding: Row.self)
        guard recent.count >= maximum, let oldest = recent.first?.hit_at else { return }
        let wait = max(1, Int((window - context.now.timeIntervalSince(oldest)).rounded(.up)))
        let minutes = (wait + 59) / 60
        throw AppError(
            .tooManyRequests, .tooManyAttempts, "\(refusal) Try again in \(minutes) minute\(minutes == 1 ? "" : "s").",
            retryAfter: wait)
    }

    /// Counts one attempt (and lets go of those too old to count, so the table stays small).
    func record(_ key: String, in context: ServiceContext) async throws {
        let bucket = bucket(key)
        try await context.write { db in
            try await db.sql.raw(
                "INSERT INTO rate_limit_hits (id, bucket, hit_at) VALUES (\(bind: UUID()), \(bind: bucket), \(bind: context.now))"
            ).run()
            try await db.sql.raw(
                "DELETE FROM rate_limit_hits WHERE bucket = \(bind: bucket) AND hit_at <= \(bind: context.now.addingTimeInterval(-window))"
            ).run()
        }
    }

    /// Forgets the key's attempts (a successful sign-in).
    func clear(_ key: String, in context: ServiceContext) async throws {
        let bucket = bucket(key)
        try await context.write { db in try await db.sql.raw("DELETE FROM rate_limit_hits WHERE bucket = \(bind: bucket)").run() }
    }

    private func bucket(_ key: String) -> String { "\(action):\(key)" }
}

extension Request {
    /// Who is asking, for limits per client: the peer's address (a proxy in front should be
    /// the only peer, and then every client shares its limit, which errs on the safe side).
    var clientAddress: String { remoteAddress?.ipAddress ?? "unknown" }
}
