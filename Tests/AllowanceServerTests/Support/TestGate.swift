/// A first-in, first-out async gate that lets `width` tasks in at a time. The tests' servers on
/// the shared PostgreSQL create the schema through one of width 1 (`migrationGate`), and live
/// at most `appSlots.width` at once; the server itself commits in groups (`GroupCommit`) and
/// needs no gate.
actor TestGate {
    let width: Int
    private var inside = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(width: Int) { self.width = width }

    func enter() async {
        if inside < width {
            inside += 1
        } else {
            // `leave` hands its place straight to the first waiting task.
            await withCheckedContinuation { waiting.append($0) }
        }
    }

    func leave() {
        if waiting.isEmpty { inside -= 1 } else { waiting.removeFirst().resume() }
    }

    func run<T: Sendable>(_ work: @Sendable () async throws -> T) async throws -> T {
        await enter()
        defer { leave() }
        return try await work()
    }
}
