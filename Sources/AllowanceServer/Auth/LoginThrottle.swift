import Foundation
import SQLKit
import Vapor

/// Slows password guessing: after 5 failed sign-ins for one email within 15 minutes, that
/// email is refused until the oldest failure is 15 minutes old. Success clears the count.
/// The failures are rows in the database, so every instance of the server counts them
/// together and a restart forgives nothing.
enum LoginThrottle {
    static let maximumFailures = 5
    static let window: TimeInterval = 15 * 60

    /// Seconds until the email may try again, or nil when it may try now.
    static func retryAfter(email: String, in context: ServiceContext) async throws -> TimeInterval? {
        struct Row: Decodable { let failed_at: Date }
        let recent = try await context.sql.raw(
            """
            SELECT failed_at FROM login_failures
            WHERE email = \(bind: email) AND failed_at > \(bind: context.now.addingTimeInterval(-window)) ORDER BY failed_at
            """
        ).all(decoding: Row.self)
        guard recent.count >= maximumFailures, let oldest = recent.first?.failed_at else { return nil }
        return window - context.now.timeIntervalSince(oldest)
    }

    static func recordFailure(email: String, in context: ServiceContext) async throws {
        try await context.write { db in
            try await db.sql.raw(
                "INSERT INTO login_failures (id, email, failed_at) VALUES (\(bind: UUID()), \(bind: email), \(bind: context.now))"
            ).run()
            // Older failures no longer count; they go, so the table stays small.
            try await db.sql.raw(
                "DELETE FROM login_failures WHERE email = \(bind: email) AND failed_at <= \(bind: context.now.addingTimeInterval(-window))"
            ).run()
        }
    }

    static func recordSuccess(email: String, in context: ServiceContext) async throws {
        try await context.write { db in try await db.sql.raw("DELETE FROM login_failures WHERE email = \(bind: email)").run() }
    }
}
