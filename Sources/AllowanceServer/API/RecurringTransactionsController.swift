import AllowanceAPI
import Vapor

/// The Quick Actions document, "Recurring Transactions", plus the pending list of occurrences that wait
/// for a parent's approval.
enum RecurringTransactionsController {
    /// This controller's part of the API: `APIEndpoints.all` registers it and `/openapi.json` publishes it.
    static var endpoints: [APIEndpoint] {
        [
            .init(
                .POST, "/api/v1/recurring-transactions", "Create a recurring transaction", access: .parent,
                request: CreateRecurringTransactionDto.self, response: RecurringTransactionDto.self, status: 201,
                refusals: [.notFound, .unprocessableEntity], use: create),
            .init(
                .GET, "/api/v1/recurring-transactions", "The family's recurring transactions, next due first", access: .parent,
                response: [RecurringTransactionDto].self, use: listFamily),
            .init(
                .GET, "/api/v1/children/{childId}/recurring-transactions", "A child's recurring transactions", access: .signedIn,
                response: [RecurringTransactionDto].self, sameForEveryViewer: true, use: listChild),
            .init(
                .GET, "/api/v1/recurring-transactions/{recurringTransactionId}", "One recurring transaction", access: .signedIn,
                response: RecurringTransactionDto.self, use: show),
            .init(
                .PUT, "/api/v1/recurring-transactions/{recurringTransactionId}", "Change a recurring transaction (send only what changes)",
                access: .parent, request: UpdateRecurringTransactionDto.self, response: RecurringTransactionDto.self,
                refusals: [.conflict, .unprocessableEntity], use: update),
            .init(
                .DELETE, "/api/v1/recurring-transactions/{recurringTransactionId}", "Remove a recurring transaction (its postings stay)",
                access: .parent, response: nil, status: 204, use: delete),
            .init(
                .POST, "/api/v1/recurring-transactions/{recurringTransactionId}/pause",
                "Pause: nothing falls due until resumed (and what would have is skipped)",
                access: .parent, response: RecurringTransactionDto.self, use: pause),
            .init(
                .POST, "/api/v1/recurring-transactions/{recurringTransactionId}/resume",
                "Resume from now (what fell due while paused is skipped)", access: .parent, response: RecurringTransactionDto.self,
                refusals: [.conflict], use: resume),
            .init(
                .POST, "/api/v1/recurring-transactions/{recurringTransactionId}/execute", "Post the next occurrence now", access: .parent,
                response: TransactionResponse.self, status: 201, idempotent: true, use: execute),
            .init(
                .GET, "/api/v1/recurring-transactions/pending", "Occurrences waiting for a parent's approval", access: .parent,
                response: [PendingRecurringOccurrenceDto].self, use: pending),
            .init(
                .POST, "/api/v1/recurring-transactions/pending/{occurrenceId}/approve", "Approve: the occurrence is posted now",
                access: .parent, response: TransactionResponse.self, status: 201, idempotent: true, use: approve),
            .init(
                .POST, "/api/v1/recurring-transactions/pending/{occurrenceId}/reject", "Reject: nothing is posted", access: .parent,
                response: PendingRecurringOccurrenceDto.self, refusals: [.conflict], use: reject),
        ]
    }

    @Sendable static func create(req: Request) async throws -> Response {
        _ = try req.requireParent()
        let input = try req.decodeJSON(CreateRecurringTransactionDto.self)
        let (parent, child) = try await req.childForParent(input.childId)
        return try await RecurringService.create(input, for: child, by: parent, in: req.context).encodeResponse(status: .created, for: req)
    }

    @Sendable static func listFamily(req: Request) async throws -> [RecurringTransactionDto] {
        let parent = try req.requireParent()
        return try await RecurringStore.list(familyID: parent.familyID, childID: nil, on: req.sql).map(\.dto)
    }

    @Sendable static func listChild(req: Request) async throws -> [RecurringTransactionDto] {
        let child = try await req.visibleChild(try req.uuidParameter("childId"))
        return try await RecurringStore.list(familyID: child.familyID, childID: child.id, on: req.sql).map(\.dto)
    }

    @Sendable static func show(req: Request) async throws -> RecurringTransactionDto {
        try await req.visibleRecurring(try req.uuidParameter("recurringTransactionId")).dto
    }

    @Sendable static func update(req: Request) async throws -> RecurringTransactionDto {
        let row = try await req.recurringForParent(try req.uuidParameter("recurringTransactionId")).row
        return try await RecurringService.update(row, with: try req.decodeJSON(UpdateRecurringTransactionDto.self), in: req.context)
    }

    @Sendable static func delete(req: Request) async throws -> HTTPStatus {
        let row = try await req.recurringForParent(try req.uuidParameter("recurringTransactionId")).row
        try await RecurringService.delete(row, in: req.context)
        return .noContent
    }

    @Sendable static func pause(req: Request) async throws -> RecurringTransactionDto {
        try await RecurringControl.pause(
            try await req.recurringForParent(try req.uuidParameter("recurringTransactionId")).row, in: req.context)
    }

    @Sendable static func resume(req: Request) async throws -> RecurringTransactionDto {
        try await RecurringControl.resume(
            try await req.recurringForParent(try req.uuidParameter("recurringTransactionId")).row, in: req.context)
    }

    @Sendable static func execute(req: Request) async throws -> Response {
        let (parent, row) = try await req.recurringForParent(try req.uuidParameter("recurringTransactionId"))
        return try await RecurringControl.executeNow(row, by: parent, in: req.context).encodeResponse(status: .created, for: req)
    }

    @Sendable static func pending(req: Request) async throws -> [PendingRecurringOccurrenceDto] {
        let parent = try req.requireParent()
        return try await RecurringApprovalService.pending(familyID: parent.familyID, on: req.sql)
    }

    @Sendable static func approve(req: Request) async throws -> Response {
        let (parent, pending) = try await req.pendingOccurrenceForParent(try req.uuidParameter("occurrenceId"))
        return try await RecurringApprovalService.approve(pending, by: parent, in: req.context).encodeResponse(status: .created, for: req)
    }

    @Sendable static func reject(req: Request) async throws -> PendingRecurringOccurrenceDto {
        let (parent, pending) = try await req.pendingOccurrenceForParent(try req.uuidParameter("occurrenceId"))
        return try await RecurringApprovalService.reject(pending, by: parent, in: req.context)
    }
}
