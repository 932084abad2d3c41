import AllowanceAPI
import Foundation
import Vapor

/// A goal the signed-in user may act on, with its child.
struct GoalAccess: Sendable {
    let user: AuthUser
    let goal: GoalRecord
    let child: ChildRecord
}

extension Request {
    /// The goal as the signed-in user may see it: a parent of its family, or the child it
    /// belongs to (the documents' "family member" and "parent or self").
    func visibleGoal(_ id: UUID) async throws -> GoalAccess {
        let user = try requireUser()
        guard let (goal, child) = try await GoalStore.goalWithChild(id, inFamily: user.familyID, on: context.sql),
            user.maySee(child: goal.childID)
        else { throw AppError.notFound("Goal") }
        return GoalAccess(user: user, goal: goal, child: child)
    }

    /// The goal for an action only a parent of its family may take: 403 for its own child.
    func goalForParent(_ id: UUID) async throws -> GoalAccess {
        let access = try await visibleGoal(id)
        try access.user.requireParent()
        return access
    }
}
