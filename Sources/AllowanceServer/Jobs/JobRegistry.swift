import AllowanceCore
import Fluent
import Foundation
import Vapor

/// A kind of background work. `run` does everything that has fallen due up to `now` and
/// returns how many occurrences it handled. Jobs must be safe to run twice, or by two
/// servers at once: each occurrence is claimed by a unique key in the database first.
public struct ScheduledJob: Sendable {
    public let name: String
    public let run: @Sendable (_ app: Application, _ now: Date) async throws -> Int

    public init(name: String, run: @escaping @Sendable (_ app: Application, _ now: Date) async throws -> Int) {
        self.name = name
        self.run = run
    }
}

/// The jobs the scheduler runs, in registration order. Capabilities register theirs in
/// `configure`; the scheduler and `run-jobs` run them all.
public final class JobRegistry: @unchecked Sendable {
    // Registration happens during configure, reads afterwards; the lock keeps both safe.
    private let lock = NSLock()
    private var registered: [ScheduledJob] = []

    public func register(_ job: ScheduledJob) {
        lock.withLock { registered.append(job) }
    }

    public var all: [ScheduledJob] { lock.withLock { registered } }
}

/// What a payday hook learns: whose allowance was just credited, and how much.
public struct PaydayContext: Sendable {
    public let childID: UUID
    public let familyID: UUID
    public let allowance: Money
    public let paidAt: Date
    public let calendar: FamilyCalendar
}

/// Work other capabilities do right after an allowance is credited (savings-goal
/// auto-transfers), inside the payday's own transaction.
public final class PaydayHooks: @unchecked Sendable {
    public typealias Hook = @Sendable (PaydayContext, Database) async throws -> Void
    // Same reasoning as JobRegistry.
    private let lock = NSLock()
    private var hooks: [Hook] = []

    public func register(_ hook: @escaping Hook) {
        lock.withLock { hooks.append(hook) }
    }

    public var all: [Hook] { lock.withLock { hooks } }
}

extension Application {
    private struct JobRegistryKey: StorageKey { typealias Value = JobRegistry }
    private struct PaydayHooksKey: StorageKey { typealias Value = PaydayHooks }

    /// Set up in `configure` before any capability registers.
    public var jobs: JobRegistry {
        get { storage[JobRegistryKey.self]! }
        set { storage[JobRegistryKey.self] = newValue }
    }

    public var paydayHooks: PaydayHooks {
        get { storage[PaydayHooksKey.self]! }
        set { storage[PaydayHooksKey.self] = newValue }
    }
}
