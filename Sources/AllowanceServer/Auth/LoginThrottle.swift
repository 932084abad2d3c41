import Foundation
import Vapor

/// Slows password guessing: after 5 failed sign-ins for one email within 15 minutes, that
/// email is refused until the oldest failure is 15 minutes old. Success clears the count.
/// Kept in memory: a restart forgives, which is acceptable for a brake (not a lock-out).
actor LoginThrottle {
    static let maximumFailures = 5
    static let window: TimeInterval = 15 * 60

    private var failures: [String: [Date]] = [:]

    /// Seconds until the email may try again, or nil when it may try now.
    func retryAfter(email: String, now: Date) -> TimeInterval? {
        let recent = (failures[email] ?? []).filter { now.timeIntervalSince($0) < Self.window }
        failures[email] = recent.isEmpty ? nil : recent
        guard recent.count >= Self.maximumFailures, let oldest = recent.first else { return nil }
        return Self.window - now.timeIntervalSince(oldest)
    }

    func recordFailure(email: String, now: Date) {
        failures[email, default: []].append(now)
    }

    func recordSuccess(email: String) {
        failures[email] = nil
    }
}

extension Application {
    private struct LoginThrottleKey: StorageKey { typealias Value = LoginThrottle }

    /// Set once in `configure`, read by every sign-in.
    var loginThrottle: LoginThrottle {
        get { storage[LoginThrottleKey.self]! }
        set { storage[LoginThrottleKey.self] = newValue }
    }
}
