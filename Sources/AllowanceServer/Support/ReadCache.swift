import Foundation
import NIOCore

/// Short-lived caches for the hottest reads: who is asking (per token) and a child's
/// dashboard. Any write of this application empties them through a generation number that
/// every `ServiceContext.write` moves before it starts and after it ends, so no request here
/// sees data older than a write that finished before it began. A write by another server
/// instance is seen within a cache's lifetime.
final class ReadCaches: Sendable {
    let generation = CacheGeneration()
    let childDashboards: ReadCache<UUID, DashboardService.ChildData>
    let childDashboardJSON: ReadCache<DashboardService.ChildJSONKey, ByteBuffer>

    init() {
        childDashboards = ReadCache(lifetime: .seconds(2), generation: generation)
        childDashboardJSON = ReadCache(lifetime: .seconds(2), generation: generation)
    }

    /// Runs a write with the generation moved before it (nothing is cached from half-done
    /// work) and after it (nothing read before it is served again).
    func aroundWrite<T>(_ work: () async throws -> T) async rethrows -> T {
        generation.advance()
        defer { generation.advance() }
        return try await work()
    }
}

/// The write generation every cache of one application compares against.
final class CacheGeneration: @unchecked Sendable {
    // One lock guards the counter: requests on every event loop read it, writes move it.
    private let lock = NSLock()
    private var value: UInt64 = 0

    var current: UInt64 { lock.withLock { value } }

    func advance() { lock.withLock { value &+= 1 } }
}

final class ReadCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    // One lock guards the dictionary: requests on every event loop read and fill it.
    private let lock = NSLock()
    private var entries: [Key: Entry] = [:]
    private let lifetime: Duration
    private let capacity: Int
    private let generation: CacheGeneration

    private struct Entry {
        let value: Value
        let generation: UInt64
        let storedAt: ContinuousClock.Instant
    }

    init(lifetime: Duration, generation: CacheGeneration, capacity: Int = 10_000) {
        self.lifetime = lifetime
        self.generation = generation
        self.capacity = capacity
    }

    /// The generation to pass to `store`: take it before reading.
    var currentGeneration: UInt64 { generation.current }

    /// The cached value, if it is from the current generation and young enough.
    func value(for key: Key) -> Value? {
        let now = ContinuousClock.now
        let current = generation.current
        return lock.withLock {
            guard let entry = entries[key], entry.generation == current, now - entry.storedAt < lifetime else { return nil }
            return entry.value
        }
    }

    /// Stores a value read while `generation` was current.
    func store(_ value: Value, for key: Key, readAt generation: UInt64) {
        lock.withLock {
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = Entry(value: value, generation: generation, storedAt: .now)
        }
    }
}
