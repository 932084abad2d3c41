import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit
import Vapor

/// A parent's matching rule on a goal: one per goal, parents only.
enum MatchingRuleService {
    static func create(_ access: GoalAccess, _ input: CreateMatchingRuleDto, in context: ServiceContext) async throws -> MatchingRuleDto {
        let now = context.now
        let ratio = try ratio(input.matchRatio, for: input.type)
        let cap = try input.maxMatchAmount.map { try GoalInput.amount($0, "Maximum match amount") }
        let expiresAt = try input.expiresAt.map { try GoalInput.future(access.child.calendar.deadline(fromWire: $0), "Expiry", now: now) }
        try await context.write { db in
            let goal = try await GoalStore.lock(access.goal.id, on: db)
            guard goal.status == .active || goal.status == .paused else {
                throw AppError(
                    .conflict, .invalidGoalStatus,
                    "\(goal.name) is \(goal.status.name.lowercased()); matching is for goals still being saved for")
            }
            guard try await MatchingStore.rule(forGoal: goal.id, on: db.sql) == nil else { throw alreadyThere }
            let rule = ParentMatchingRule()
            rule.goalID = goal.id
            rule.createdBy = access.user.userID
            rule.type = input.type.rawValue
            rule.matchRatioE4 = ratio.tenThousandths
            rule.maxMatchAmountCents = cap?.cents
            rule.totalMatchedCents = 0
            rule.isActive = true
            rule.createdAt = now
            rule.expiresAt = expiresAt
            do {
                try await rule.create(on: db)
            } catch let error as any DatabaseError where error.isConstraintFailure {
                throw alreadyThere
            }
            // A milestone bonus applies to milestones reached from now on, not to past ones.
        }
        return try await show(access, in: context)
    }

    static func show(_ access: GoalAccess, in context: ServiceContext) async throws -> MatchingRuleDto {
        let sql = context.sql
        guard let rule = try await MatchingStore.rule(forGoal: access.goal.id, on: sql),
            let goal = try await GoalStore.goal(access.goal.id, on: sql)
        else { throw AppError.notFound("Matching rule") }
        return GoalDTOs.rule(rule, goal: goal, now: context.now)
    }

    static func update(_ access: GoalAccess, _ input: UpdateMatchingRuleDto, in context: ServiceContext) async throws -> MatchingRuleDto {
        let now = context.now
        let cap = try input.maxMatchAmount.map { try GoalInput.amount($0, "Maximum match amount") }
        let expiresAt = try input.expiresAt.map { try GoalInput.future(access.child.calendar.deadline(fromWire: $0), "Expiry", now: now) }
        try await context.write { db in
            let goal = try await GoalStore.lock(access.goal.id, on: db)
            guard let stored = try await MatchingStore.rule(forGoal: goal.id, on: db.sql),
                let rule = try await ParentMatchingRule.find(stored.id, on: db)
            else { throw AppError.notFound("Matching rule") }
            if let ratio = input.matchRatio { rule.matchRatioE4 = try self.ratio(ratio, for: stored.terms.type).tenThousandths }
            if let cap {
                guard cap >= stored.terms.totalMatched else {
                    throw AppError.unprocessable(
                        "Maximum match amount cannot be less than the \(stored.terms.totalMatched.formatted) already matched")
                }
                rule.maxMatchAmountCents = cap.cents
            }
            if let isActive = input.isActive { rule.isActive = isActive }
            if let expiresAt { rule.expiresAt = expiresAt }
            try await rule.save(on: db)
        }
        return try await show(access, in: context)
    }

    /// Removes the rule. What it already paid stays in the goal.
    static func delete(_ access: GoalAccess, in context: ServiceContext) async throws {
        try await context.write { db in
            let goal = try await GoalStore.lock(access.goal.id, on: db)
            guard let rule = try await MatchingStore.rule(forGoal: goal.id, on: db.sql) else { throw AppError.notFound("Matching rule") }
            try await db.sql.raw("DELETE FROM parent_matching_rules WHERE id = \(bind: rule.id)").run()
        }
    }

    /// RatioMatch and MilestoneBonus take a ratio above 0 and at most 10 (MilestoneBonus at
    /// most 1: the whole target again); PercentageMatch a percentage above 0 and at most 1000.
    static func ratio(_ ratio: MatchRatio, for type: MatchingType) throws -> MatchRatio {
        // `largestRatio` is the widest of these.
        let (limit, message): (Int64, String) =
            switch type {
            case .ratioMatch: (10, "matchRatio must be more than 0 and at most 10 (0.5 = $1 for every $2)")
            case .percentageMatch: (1000, "matchRatio must be a percentage more than 0 and at most 1000")
            case .milestoneBonus: (1, "matchRatio must be more than 0 and at most 1 (0.1 = 10% of the target over the four milestones)")
            }
        guard ratio.isPositive, ratio <= MatchRatio(tenThousandths: Int64(largestRatio) * MatchRatio.scale) else {
            throw AppError.validation(message)
        }
        guard ratio <= MatchRatio(tenThousandths: limit * MatchRatio.scale) else { throw AppError.unprocessable(message) }
        return ratio
    }

    static let largestRatio = 1000

    private static let alreadyThere = AppError(
        .conflict, .matchingRuleExists, "This goal already has a matching rule; change it with PUT or remove it first")
}
