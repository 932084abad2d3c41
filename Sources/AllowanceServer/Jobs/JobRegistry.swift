import AllowanceCore
import Fluent
import Foundation
import SQLKit
import Vapor

/// A kind of background work. `run` does everything that has fallen due up to the context's
/// `now` (within its `familyScope`, when set) and returns how many occurrences it handled. Jobs must be safe to run twice, or by two
/// servers at once: each occurrence is claimed by a unique key in the database first.
struct ScheduledJob: Sendable {
    public let name: String
    let run: @Sendable (ServiceContext) async throws -> Int

    init(name: String, run: @escaping @Sendable (ServiceContext) async throws -> Int) {
        self.name = name
        self.run = run
    }
}

/// The jobs the scheduler runs, in registration order. Capabilities register theirs in
/// `configure`; the scheduler and `run-jobs` run them all.
final class JobRegistry: @unchecked Sendable {
    // Registration happens during configure, reads afterwards; the lock keeps both safe.
    private let lock = NSLock()
    private var registered: [ScheduledJob] = []

    func register(_ job: ScheduledJob) {
        lock.withLock { registered.append(job) }
    }

    var all: [ScheduledJob] { lock.withLock { registered } }
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
/// auto-transfers), inside the payday's own transaction (the service context works in it).
final class PaydayHooks: @unchecked Sendable {
    typealias Hook = @Sendable (PaydayContext, ServiceContext) async throws -> Void
    /// Which of these children a hook has work for, in one query: a payday batch runs the
    /// hook for those only instead of asking child by child.
    typealias Concerns = @Sendable ([UUID], any SQLDatabase) async throws -> Set<UUID>

    struct Registration: Sendable {
        let concerns: Concerns
        let run: Hook
    }

    // Same reasoning as JobRegistry.
    private let lock = NSLock()
    private var registrations: [Registration] = []

    /// `concerns` defaults to every child.
    func register(concerns: @escaping Concerns = { children, _ in Set(children) }, _ hook: @escaping Hook) {
        lock.withLock { registrations.append(Registration(concerns: concerns, run: hook)) }
    }

    var all: [Registration] { lock.withLock { registrations } }
}

extension Application {
    private struct JobRegistryKey: StorageKey { typealias Value = JobRegistry }
    private struct PaydayHooksKey: StorageKey { typealias Value = PaydayHooks }

    /// Set up in `configure` before any capability registers.
    var jobs: JobRegistry {
        get { storage[JobRegistryKey.self]! }
        set { storage[JobRegistryKey.self] = newValue }
    }

    var paydayHooks: PaydayHooks {
        get { storage[PaydayHooksKey.self]! }
        set { storage[PaydayHooksKey.self] = newValue }
    }
}
