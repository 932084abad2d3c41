import AllowanceCore
import Foundation
import Observation

/// The family's recurring transactions (or one child's), and the occurrences waiting for a
/// parent's approval: pause, resume, delete, post now, approve, reject.
@MainActor @Observable
public final class RecurringListViewModel {
    /// Nil: the whole family (parents).
    public let childId: UUID?
    public private(set) var schedules: [RecurringTransactionDto] = []
    public private(set) var pending: [PendingRecurringOccurrenceDto] = []
    public private(set) var state = ScreenState.idle
    public private(set) var problem: ScreenProblem?

    private let client: APIClient
    private var attempt = AttemptKey()

    public init(childId: UUID? = nil, client: APIClient) {
        self.childId = childId
        self.client = client
    }

    public var isEmpty: Bool { state == .loaded && schedules.isEmpty }

    public func load() async {
        if schedules.isEmpty { state = .loading }
        do {
            if let childId {
                schedules = try await client.recurringTransactions(of: childId)
            } else {
                schedules = try await client.recurringTransactions()
                pending = try await client.pendingOccurrences()
            }
            state = .loaded
        } catch {
            problem = ScreenProblem(error)
            if schedules.isEmpty { state = .failed(ScreenProblem(error).message) }
        }
    }

    public func pause(_ id: UUID) async { await change { _ = try await self.client.pauseRecurringTransaction(id) } }
    public func resume(_ id: UUID) async { await change { _ = try await self.client.resumeRecurringTransaction(id) } }
    public func delete(_ id: UUID) async { await change { try await self.client.deleteRecurringTransaction(id) } }
    public func reject(_ occurrenceId: UUID) async { await change { _ = try await self.client.rejectOccurrence(occurrenceId) } }

    /// Posts the schedule's next occurrence now (a money move: one key per attempt).
    public func executeNow(_ id: UUID) async {
        let key = attempt.key(for: "execute \(id)")
        await change(settling: true) { _ = try await self.client.executeRecurringTransaction(id, idempotencyKey: key) }
    }

    /// Posts a held occurrence (a money move: one key per attempt).
    public func approve(_ occurrenceId: UUID) async {
        let key = attempt.key(for: "approve \(occurrenceId)")
        await change(settling: true) { _ = try await self.client.approveOccurrence(occurrenceId, idempotencyKey: key) }
    }

    private func change(settling: Bool = false, _ action: () async throws -> Void) async {
        problem = nil
        do {
            try await action()
            if settling { attempt.settle(nil) }
            await load()
        } catch {
            if settling { attempt.settle(error) }
            problem = ScreenProblem(error)
        }
    }
}
