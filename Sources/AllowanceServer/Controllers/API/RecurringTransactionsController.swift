import AllowanceAPI
import Vapor

/// quick-actions.md "Recurring Transactions", plus the pending list of occurrences that wait
/// for a parent's approval.
struct RecurringTransactionsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let recurring = routes.grouped("recurring-transactions")
        recurring.post(use: create)
        recurring.get(use: listFamily)
        recurring.get(":recurringTransactionId", use: show)
        recurring.put(":recurringTransactionId", use: update)
        recurring.delete(":recurringTransactionId", use: delete)
        recurring.post(":recurringTransactionId", "pause", use: pause)
        recurring.post(":recurringTransactionId", "resume", use: resume)
        recurring.grouped(IdempotencyMiddleware()).post(":recurringTransactionId", "execute", use: execute)
        recurring.get("pending", use: pending)
        recurring.grouped(IdempotencyMiddleware()).post("pending", ":occurrenceId", "approve", use: approve)
        recurring.post("pending", ":occurrenceId", "reject", use: reject)
        routes.get("children", ":childId", "recurring-transactions", use: listChild)
    }

    @Sendable func create(req: Request) async throws -> Response {
        _ = try req.requireParent()
        let input = try req.content.decode(CreateRecurringTransactionDto.self)
        return try await RecurringService.create(input, on: req).encodeResponse(status: .created, for: req)
    }

    @Sendable func listFamily(req: Request) async throws -> [RecurringTransactionDto] {
        let parent = try req.requireParent()
        return try await RecurringStore.list(familyID: parent.familyID, childID: nil, on: req.db()).map(\.dto)
    }

    @Sendable func listChild(req: Request) async throws -> [RecurringTransactionDto] {
        let child = try await req.visibleChild(try req.uuidParameter("childId"))
        return try await RecurringStore.list(familyID: child.familyID, childID: child.id, on: req.db()).map(\.dto)
    }

    @Sendable func show(req: Request) async throws -> RecurringTransactionDto {
        try await req.visibleRecurring(try req.uuidParameter("recurringTransactionId")).dto
    }

    @Sendable func update(req: Request) async throws -> RecurringTransactionDto {
        let row = try await req.recurringForParent(try req.uuidParameter("recurringTransactionId")).row
        return try await RecurringService.update(row, with: try req.content.decode(UpdateRecurringTransactionDto.self), on: req)
    }

    @Sendable func delete(req: Request) async throws -> HTTPStatus {
        let row = try await req.recurringForParent(try req.uuidParameter("recurringTransactionId")).row
        try await RecurringService.delete(row, on: req)
        return .noContent
    }

    @Sendable func pause(req: Request) async throws -> RecurringTransactionDto {
        try await RecurringControl.pause(try await req.recurringForParent(try req.uuidParameter("recurringTransactionId")).row, on: req)
    }

    @Sendable func resume(req: Request) async throws -> RecurringTransactionDto {
        try await RecurringControl.resume(try await req.recurringForParent(try req.uuidParameter("recurringTransactionId")).row, on: req)
    }

    @Sendable func execute(req: Request) async throws -> Response {
        let (parent, row) = try await req.recurringForParent(try req.uuidParameter("recurringTransactionId"))
        return try await RecurringControl.executeNow(row, by: parent, on: req).encodeResponse(status: .created, for: req)
    }

    @Sendable func pending(req: Request) async throws -> [PendingRecurringOccurrenceDto] {
        let parent = try req.requireParent()
        return try await RecurringApprovalService.pending(familyID: parent.familyID, on: req.db())
    }

    @Sendable func approve(req: Request) async throws -> Response {
        let parent = try req.requireParent()
        return try await RecurringApprovalService.approve(try req.uuidParameter("occurrenceId"), by: parent, on: req)
            .encodeResponse(status: .created, for: req)
    }

    @Sendable func reject(req: Request) async throws -> PendingRecurringOccurrenceDto {
        let parent = try req.requireParent()
        return try await RecurringApprovalService.reject(try req.uuidParameter("occurrenceId"), by: parent, on: req)
    }
}
