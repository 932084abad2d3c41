/// A first-in, first-out async lock. The tests' servers on the shared PostgreSQL create the
/// schema through it one at a time (`migrationGate`); the server itself commits in groups
/// (`GroupCommit`) and needs no gate.
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
}
