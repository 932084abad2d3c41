import AllowanceAPI
import Foundation

/// Recurring transactions and the occurrences waiting for a parent's approval.
extension APIClient {
    public func createRecurringTransaction(_ input: CreateRecurringTransactionDto) async throws -> RecurringTransactionDto {
        try await call(APIRequest(.post, "/api/v1/recurring-transactions", json: input))
    }

    /// The family's schedules, next due first (parents).
    public func recurringTransactions() async throws -> [RecurringTransactionDto] {
        try await call(APIRequest(.get, "/api/v1/recurring-transactions"))
    }

    public func recurringTransactions(of childId: UUID) async throws -> [RecurringTransactionDto] {
        try await call(APIRequest(.get, "/api/v1/children/\(childId)/recurring-transactions"))
    }

    public func recurringTransaction(_ recurringId: UUID) async throws -> RecurringTransactionDto {
        try await call(APIRequest(.get, "/api/v1/recurring-transactions/\(recurringId)"))
    }

    /// Send only what changes.
    public func updateRecurringTransaction(_ recurringId: UUID, _ input: UpdateRecurringTransactionDto) async throws
        -> RecurringTransactionDto
    {
        try await call(APIRequest(.put, "/api/v1/recurring-transactions/\(recurringId)", json: input))
    }

    /// Removes the schedule; what it posted stays on the ledger.
    public func deleteRecurringTransaction(_ recurringId: UUID) async throws {
        try await callWithoutAnswer(APIRequest(.delete, "/api/v1/recurring-transactions/\(recurringId)"))
    }

    public func pauseRecurringTransaction(_ recurringId: UUID) async throws -> RecurringTransactionDto {
        try await call(APIRequest(.post, "/api/v1/recurring-transactions/\(recurringId)/pause"))
    }

    /// Resumes from now: what fell due while paused is skipped.
    public func resumeRecurringTransaction(_ recurringId: UUID) async throws -> RecurringTransactionDto {
        try await call(APIRequest(.post, "/api/v1/recurring-transactions/\(recurringId)/resume"))
    }

    /// Posts the next occurrence now.
    public func executeRecurringTransaction(_ recurringId: UUID, idempotencyKey: String = UUID().uuidString) async throws
        -> TransactionResponse
    {
        try await call(APIRequest(.post, "/api/v1/recurring-transactions/\(recurringId)/execute", idempotencyKey: idempotencyKey))
    }

    public func pendingOccurrences() async throws -> [PendingRecurringOccurrenceDto] {
        try await call(APIRequest(.get, "/api/v1/recurring-transactions/pending"))
    }

    /// Approves a held occurrence: it is posted now.
    public func approveOccurrence(_ occurrenceId: UUID, idempotencyKey: String = UUID().uuidString) async throws -> TransactionResponse {
        try await call(APIRequest(.post, "/api/v1/recurring-transactions/pending/\(occurrenceId)/approve", idempotencyKey: idempotencyKey))
    }

    /// Rejects a held occurrence: nothing is posted.
    public func rejectOccurrence(_ occurrenceId: UUID) async throws -> PendingRecurringOccurrenceDto {
        try await call(APIRequest(.post, "/api/v1/recurring-transactions/pending/\(occurrenceId)/reject"))
    }
}
