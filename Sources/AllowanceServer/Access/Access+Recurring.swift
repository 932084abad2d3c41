import Foundation
import Vapor

extension Request {
    /// A recurring transaction the signed-in user may see: a parent sees the family's, a child
    /// only their own.
    func visibleRecurring(_ id: UUID) async throws -> RecurringRow {
        let user = try requireUser()
        guard let row = try await RecurringStore.row(id, inFamily: user.familyID, on: context.sql),
            user.maySee(child: row.child_id)
        else { throw AppError.notFound("Recurring transaction") }
        return row
    }

    /// A recurring transaction for an action only a parent may take.
    func recurringForParent(_ id: UUID) async throws -> (parent: AuthUser, row: RecurringRow) {
        let row = try await visibleRecurring(id)
        let user = try requireUser()
        try user.requireParent()
        return (user, row)
    }

    /// An occurrence waiting for approval, for a parent of its family to decide.
    func pendingOccurrenceForParent(_ id: UUID) async throws -> (parent: AuthUser, pending: RecurringApprovalService.Row) {
        let parent = try requireParent()
        guard let pending = try await RecurringApprovalService.row(id, inFamily: parent.familyID, on: context.sql) else {
            throw AppError.notFound("Pending occurrence")
        }
        return (parent, pending)
    }
}
