import Fluent
import SQLKit
import Vapor

/// Runs a unit of work in one database transaction.
///
/// PostgreSQL takes row locks, so concurrent transactions simply wait for each other. SQLite
/// cannot upgrade a reading transaction to a writing one while another connection writes
/// (it fails with SQLITE_BUSY instead of waiting), so on SQLite this server's writes take
/// turns through one in-process gate. SQLite serialises writers anyway; the gate only makes
/// them queue instead of fail.
extension Database {
    func writeTransaction<T: Sendable>(_ work: @escaping @Sendable (Database) async throws -> T) async throws -> T {
        // Already inside one: the outer transaction (and gate) covers this work.
        if inTransaction { return try await work(self) }
        return try await CacheGeneration.aroundWrite {
            if let gate = WriteGate.shared(for: self) {
                return try await gate.run { try await self.transaction(work) }
            }
            return try await self.transaction(work)
        }
    }
}

/// A first-in, first-out async lock.
actor WriteGate {
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func run<T: Sendable>(_ work: @Sendable () async throws -> T) async throws -> T {
        if busy {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            busy = true
        }
        defer {
            if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
        }
        return try await work()
    }

    /// One gate for every SQLite database of the process; none for other engines.
    static func shared(for database: Database) -> WriteGate? {
        (database as? SQLDatabase)?.dialect.name == "sqlite" ? sqlite : nil
    }

    private static let sqlite = WriteGate()
}

