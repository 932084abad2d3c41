import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit
import Vapor

/// The pending list of `requiresApproval` schedules: each occurrence waits here until a
/// parent approves it (posted then) or rejects it (nothing posted).
enum RecurringApprovalService {
    struct Row: Decodable {
        let id: UUID, recurring_id: UUID, child_id: UUID, child_first_name: String, family_id: UUID, occurrence_number: Int
        let name: String, amount_cents: Int64, type: String, description: String, category: String?, due_at: Date, status: Int
        let decided_at: Date?, transaction_id: UUID?

        var dto: PendingRecurringOccurrenceDto {
            PendingRecurringOccurrenceDto(
                id: id, recurringTransactionId: recurring_id, childId: child_id, childName: child_first_name, name: name,
                amount: Money(cents: amount_cents), type: TransactionType(rawValue: type) ?? .debit, description: description,
                category: category,
                dueDate: due_at, status: PendingOccurrenceStatus(rawValue: status) ?? .pending, decidedAt: decided_at,
                transactionId: transaction_id)
        }
    }

    private static let select: SQLQueryString = """
        SELECT a.id, a.recurring_id, a.child_id, u.first_name AS child_first_name, c.family_id, a.occurrence_number, a.name,
               a.amount_cents, a.type, a.description, a.category, a.due_at, a.status, a.decided_at, a.transaction_id
        FROM recurring_approvals a JOIN children c ON c.id = a.child_id JOIN users u ON u.id = c.user_id
        """

    /// Called by the job inside its transaction: what fell due is copied, and parents are asked.
    static func hold(_ recurring: RecurringRow, number: Int, dueAt due: Date, now: Date, on db: Database) async throws {
        let sql = db.sql
        try await sql.raw(
            """
            INSERT INTO recurring_approvals (id, recurring_id, child_id, occurrence_number, name, amount_cents, type, description, category,
                due_at, status, created_at)
            VALUES (\(bind: UUID()), \(bind: recurring.id), \(bind: recurring.child_id), \(bind: number), \(bind: recurring.name),
                \(bind: recurring.amount_cents), \(bind: recurring.type), \(bind: recurring.postingDescription), \(bind: recurring.category),
                \(bind: due), \(bind: PendingOccurrenceStatus.pending.rawValue), \(bind: now))
            """
        ).run()
        let verb = recurring.transactionType == .credit ? "credit" : "debit"
        for parentID in try await FamilyDirectory.parentUserIDs(ofFamily: recurring.family_id, on: sql) {
            try await NotificationService.notify(
                parentID, type: .approvalRequired, title: "Approval needed: \(recurring.name)",
                message:
                    "\(recurring.child_first_name)'s recurring '\(recurring.name)' (\(recurring.amount.formatted) \(verb)) is due. Approve or reject it.",
                childID: recurring.child_id, at: due, on: db)
        }
    }

    /// The family's occurrences still waiting, oldest first.
    static func pending(familyID: UUID, on sql: SQLDatabase) async throws -> [PendingRecurringOccurrenceDto] {
        try await sql.raw(
            select
                + " WHERE c.family_id = \(bind: familyID) AND a.status = \(bind: PendingOccurrenceStatus.pending.rawValue) ORDER BY a.due_at, a.occurrence_number"
        )
        .all(decoding: Row.self).map(\.dto)
    }

    /// Posts the occurrence now. A debit the balance cannot cover is refused (422) and stays pending.
    /// `pending` is one the parent may decide (`Request.pendingOccurrenceForParent`).
    static func approve(_ pending: Row, by parent: AuthUser, in context: ServiceContext) async throws -> TransactionResponse {
        let id = pending.id
        let now = context.now
        var entry = try await context.write { db in
            let sql = db.sql
            try await decide(pending, as: .approved, by: parent, now: now, on: sql)
            guard let recurring = try await RecurringStore.row(pending.recurring_id, on: sql) else {
                throw AppError.notFound("Recurring transaction")
            }
            let entry = try await RecurringPosting.post(
                recurring, at: now, by: parent.userID, amount: Money(cents: pending.amount_cents), description: pending.description, on: db)
            try await sql.raw("UPDATE recurring_approvals SET transaction_id = \(bind: entry.id) WHERE id = \(bind: id)").run()
            try await sql.raw("UPDATE recurring_transactions SET last_executed_at = \(bind: now) WHERE id = \(bind: pending.recurring_id)")
                .run()
            return entry
        }
        entry.createdByName = parent.fullName
        return entry
    }

    static func reject(_ pending: Row, by parent: AuthUser, in context: ServiceContext) async throws -> PendingRecurringOccurrenceDto {
        let now = context.now
        try await context.write { db in try await decide(pending, as: .rejected, by: parent, now: now, on: db.sql) }
        guard let decided = try await row(pending.id, inFamily: pending.family_id, on: context.sql) else {
            throw AppError.notFound("Pending occurrence")
        }
        return decided.dto
    }

    /// One decision per occurrence: the update only matches while it is still pending.
    private static func decide(_ pending: Row, as status: PendingOccurrenceStatus, by parent: AuthUser, now: Date, on sql: SQLDatabase)
        async throws
    {
        struct Decided: Decodable { let id: UUID }
        let decided = try await sql.raw(
            """
            UPDATE recurring_approvals SET status = \(bind: status.rawValue), decided_at = \(bind: now), decided_by = \(bind: parent.userID)
            WHERE id = \(bind: pending.id) AND status = \(bind: PendingOccurrenceStatus.pending.rawValue) RETURNING id
            """
        ).first(decoding: Decided.self)
        guard decided != nil else { throw alreadyDecided }
    }

    private static let alreadyDecided = AppError(.conflict, .alreadyDecided, "This occurrence was already approved or rejected")

    /// One occurrence of a family's schedules; the query cannot return another family's.
    static func row(_ id: UUID, inFamily familyID: UUID, on sql: SQLDatabase) async throws -> Row? {
        try await sql.raw(select + " WHERE a.id = \(bind: id) AND c.family_id = \(bind: familyID)").first(decoding: Row.self)
    }
}
