import Foundation

/// Short-lived caches for the hottest reads: who is asking (per token) and a child's
/// dashboard data. Any write in this process empties them through a generation number that
/// every `writeTransaction` moves before it starts and after it ends, so no request here sees
/// data older than a write that finished before it began. A write by another server instance
/// is seen within `lifetime`.
final class ReadCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    // One lock guards the dictionary: requests on every event loop read and fill it.
    private let lock = NSLock()
    private var entries: [Key: Entry] = [:]
    private let lifetime: Duration
    private let capacity: Int

    private struct Entry {
        let value: Value
        let generation: UInt64
        let storedAt: ContinuousClock.Instant
    }

    init(lifetime: Duration, capacity: Int = 10_000) {
        self.lifetime = lifetime
        self.capacity = capacity
    }

    /// The cached value, if it is from the current generation and young enough.
    func value(for key: Key) -> Value? {
        let now = ContinuousClock.now
        return lock.withLock {
            guard let entry = entries[key], entry.generation == CacheGeneration.current, now - entry.storedAt < lifetime else { return nil }
            return entry.value
        }
    }

    /// Stores a value read while `generation` was current (take it before reading).
    func store(_ value: Value, for key: Key, readAt generation: UInt64) {
        lock.withLock {
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = Entry(value: value, generation: generation, storedAt: .now)
        }
    }
}

/// The write generation shared by every cache.
enum CacheGeneration {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var value: UInt64 = 0

    static var current: UInt64 { lock.withLock { value } }

    /// Called around every write: what was read before is no longer served.
    static func advance() { lock.withLock { value &+= 1 } }

    /// Runs a write with the generation moved before it (nothing is cached from half-done
    /// work) and after it (nothing read before it is served again).
    static func aroundWrite<T>(_ work: () async throws -> T) async rethrows -> T {
        advance()
        defer { advance() }
        return try await work()
    }
}
