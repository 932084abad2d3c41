import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit

/// Money given straight into a goal by a parent or a relative. It enters the family as one row
/// on the goal's ledger (ParentGift or ExternalGift, naming the giver) and never passes through
/// the child's balance, so the child's transaction list does not show it: the goal's history
/// does, and the child is told. It is not matched (a matching rule matches what the child
/// saves) and a challenge does not count it; the milestones it reaches are marked, with any
/// milestone-bonus rule's bonus, and it can complete the goal.
extension GoalMoneyService {
    static let giverNameLength = 100

    static func gift(_ access: GoalAccess, _ input: GiftToGoalDto, in context: ServiceContext) async throws -> GoalProgressEventDto {
        let amount = try GoalInput.amount(input.amount, "Amount")
        guard input.type == .parentGift || input.type == .externalGift else {
            throw AppError.validation("type must be 4 (ParentGift) or 7 (ExternalGift)")
        }
        let named = try InputRules.optional(input.giverName, "Giver's name", max: giverNameLength)
        if input.type == .externalGift, named == nil {
            throw AppError.unprocessable("A gift from family (type 7) needs giverName: who gave it, such as \"Grandma Rose\"")
        }
        let giver = named ?? access.user.fullName
        let note = try GoalInput.note(input.note, "Note")
        let now = context.now
        let (settled, goal, rows, balance) = try await context.write { db in
            let locked = try await GoalStore.lock(access.goal.id, on: db)
            guard locked.status == .active else { throw notActive(locked) }
            try await GoalRows.record(
                GoalRowPosting(
                    goal: locked, amount: amount, type: input.type, description: note ?? "Gift from \(giver)",
                    createdBy: access.user.userID, at: now, giverName: giver),
                on: db)
            try await GoalNews.gift(amount, from: giver, to: locked, child: access.child, at: now, on: db)
            let settled = try await GoalSettlement.settle(locked.id, child: access.child, at: now, on: db)
            let sql = db.sql
            guard let goal = try await GoalStore.settled(settled.goal, else: locked.id, on: sql),
                let child = try await FamilyDirectory.child(access.child.id, inFamily: access.child.familyID, on: sql)
            else { throw AppError.notFound("Goal") }
            return (settled, goal, try await GoalDTOs.milestoneRows(ofGoals: [goal.id], on: sql)[goal.id] ?? [], child.balance)
        }
        let reached = GoalDTOs.milestones(rows.filter { settled.milestones.contains($0.percent_complete) }, goal: goal, rule: nil, now: now)
        return GoalProgressEventDto(
            goalId: goal.id, goalName: goal.name, newAmount: goal.current, targetAmount: goal.target,
            progressPercentage: goal.progress.percentage, milestonesReached: reached, isCompleted: goal.status == .completed,
            matchAmountAdded: nil, challengeBonusAdded: nil, balanceAfter: balance)
    }
}
