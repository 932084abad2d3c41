import Fluent
import Foundation
import Vapor

extension Request {
    /// A learning goal as the signed-in user may see it: a parent of the family or the child's own.
    func visibleLearningGoal(_ id: UUID) async throws -> (goal: LearningGoal, child: ChildRecord) {
        let user = try requireUser()
        guard let goal = try await LearningGoal.find(id, on: context.db), user.maySee(child: goal.childID),
            let child = try await FamilyDirectory.child(goal.childID, inFamily: user.familyID, on: context.sql)
        else { throw AppError.notFound("Learning goal") }
        return (goal, child)
    }

    /// One of the family's apps, for a parent to change.
    func appCategoryForParent(_ id: UUID) async throws -> AppCategory {
        let parent = try requireParent()
        guard let app = try await AppCategory.find(id, on: context.db), app.familyID == parent.familyID else {
            throw AppError.notFound("App category")
        }
        return app
    }
}
