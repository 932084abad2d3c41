import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit
import Vapor

/// Goals themselves: create, read, list, change, pause and resume.
enum SavingsGoalService {
    static func create(_ input: CreateSavingsGoalDto, for child: ChildRecord, by user: AuthUser, in context: ServiceContext) async throws
        -> SavingsGoalDto
    {
        let now = context.now
        let name = try GoalInput.name(input.name)
        let description = try GoalInput.description(input.description)
        let target = try GoalInput.amount(input.targetAmount, "Target amount")
        let imageURL = try GoalInput.url(input.imageUrl, "Image URL")
        let productURL = try GoalInput.url(input.productUrl, "Product URL")
        let targetDate = try input.targetDate.map { try GoalInput.targetDate($0, now: now, calendar: child.calendar) }
        let priority = try GoalInput.priority(input.priority ?? 1)
        let transferType = input.autoTransferType ?? .none
        let transfer = try GoalInput.autoTransfer(transferType, input.autoTransferAmount ?? .zero)

        let goal = SavingsGoal()
        goal.childID = child.id
        goal.name = name
        goal.description = description
        goal.targetAmountCents = target.cents
        goal.currentAmountCents = 0
        goal.imageURL = imageURL
        goal.productURL = productURL
        goal.category = (input.category ?? .other).rawValue
        goal.targetDate = targetDate
        goal.status = GoalStatus.active.rawValue
        goal.priority = priority
        goal.autoTransferAmountCents = transfer.amount.cents
        goal.autoTransferType = transfer.type.rawValue
        goal.createdBy = user.userID
        goal.createdAt = now
        goal.updatedAt = now
        try await context.write { db in
            try await goal.create(on: db)
            for percent in GoalProgress.milestonePercents {
                try await GoalMilestone(goalID: goal.id!, percent: percent).create(on: db)
            }
        }
        return try await read(goal.id!, child: child, in: context)
    }

    static func show(_ access: GoalAccess, in context: ServiceContext) async throws -> SavingsGoalDto {
        try await GoalDTOs.goal(access.goal, child: access.child, now: context.now, on: context.sql)
    }

    /// A child's goals by priority. Without `status`: Active and Paused ones, plus Completed
    /// and Purchased with `includeCompleted`; cancelled goals only when asked for by status.
    /// Without `milestones`, each goal's `milestones` is empty and not read (`GoalDTOs.goals`).
    static func list(
        child: ChildRecord, status: GoalStatus?, includeCompleted: Bool, milestones: Bool = true, in context: ServiceContext
    ) async throws -> [SavingsGoalDto] {
        let statuses: [GoalStatus] =
            status.map { [$0] } ?? (includeCompleted ? [.active, .paused, .completed, .purchased] : [.active, .paused])
        let goals = try await GoalStore.goals(ofChild: child.id, statuses: statuses, on: context.sql)
        return try await GoalDTOs.goals(goals, child: child, now: context.now, milestones: milestones, on: context.sql)
    }

    /// Changes what is sent. A lower target may complete the goal (milestones first); a
    /// higher one puts a completed goal back to Active.
    static func update(_ access: GoalAccess, with input: UpdateSavingsGoalDto, in context: ServiceContext) async throws -> SavingsGoalDto {
        let now = context.now
        let child = access.child
        let name = try input.name.map(GoalInput.name)
        let description = try input.description.map { try GoalInput.description($0) ?? "" }
        let target = try input.targetAmount.map { try GoalInput.amount($0, "Target amount") }
        let imageURL = try input.imageUrl.map { try GoalInput.url($0, "Image URL") ?? "" }
        let productURL = try input.productUrl.map { try GoalInput.url($0, "Product URL") ?? "" }
        let targetDate = try input.targetDate.map { try GoalInput.targetDate($0, now: now, calendar: child.calendar) }
        let priority = try input.priority.map(GoalInput.priority)
        let transfer = try autoTransfer(input, current: access.goal)

        try await context.write { db in
            let locked = try await GoalStore.lock(access.goal.id, on: db)
            guard !locked.status.isClosed else { throw closed(locked) }
            guard let goal = try await SavingsGoal.find(locked.id, on: db) else { throw AppError.notFound("Goal") }
            if let name { goal.name = name }
            if let description { goal.description = description.isEmpty ? nil : description }
            if let target { goal.targetAmountCents = target.cents }
            if let imageURL { goal.imageURL = imageURL.isEmpty ? nil : imageURL }
            if let productURL { goal.productURL = productURL.isEmpty ? nil : productURL }
            if let category = input.category { goal.category = category.rawValue }
            if let targetDate { goal.targetDate = targetDate }
            if let priority { goal.priority = priority }
            if let transfer {
                goal.autoTransferType = transfer.type.rawValue
                goal.autoTransferAmountCents = transfer.amount.cents
            }
            if let target, locked.status == .completed, locked.current < target {
                // A raised target puts a completed goal back to saving.
                goal.status = GoalStatus.active.rawValue
                goal.completedAt = nil
            }
            goal.updatedAt = now
            try await goal.save(on: db)
            if target != nil { _ = try await GoalSettlement.settle(locked.id, child: child, at: now, on: db) }
        }
        return try await read(access.goal.id, child: child, in: context)
    }

    /// The new auto-transfer setting, checked as a pair; nil when neither field is sent.
    private static func autoTransfer(_ input: UpdateSavingsGoalDto, current: GoalRecord) throws -> AutoTransferSetting? {
        guard input.autoTransferType != nil || input.autoTransferAmount != nil else { return nil }
        let type = input.autoTransferType ?? current.autoTransferType
        let changesType = type != current.autoTransferType
        guard let amount = input.autoTransferAmount ?? (type == .none ? .zero : changesType ? nil : current.autoTransferAmount) else {
            throw AppError.unprocessable("autoTransferAmount is required when autoTransferType changes")
        }
        return try GoalInput.autoTransfer(type, amount)
    }

    static func pause(_ access: GoalAccess, in context: ServiceContext) async throws -> SavingsGoalDto {
        try await move(access, from: .active, to: .paused, in: context)
    }

    /// Resuming settles the goal, in case its target was lowered while it was paused.
    static func resume(_ access: GoalAccess, in context: ServiceContext) async throws -> SavingsGoalDto {
        try await move(access, from: .paused, to: .active, in: context)
    }

    private static func move(_ access: GoalAccess, from: GoalStatus, to: GoalStatus, in context: ServiceContext) async throws
        -> SavingsGoalDto
    {
        let now = context.now
        try await context.write { db in
            let goal = try await GoalStore.lock(access.goal.id, on: db)
            guard goal.status == from else {
                let verb = to == .paused ? "paused" : "resumed"
                throw AppError(
                    .conflict, .invalidGoalStatus,
                    "Only \(from.name.lowercased()) goals can be \(verb); \(goal.name) is \(goal.status.name.lowercased())")
            }
            try await setStatus(to, of: goal.id, at: now, on: db.sql)
            if to == .active { _ = try await GoalSettlement.settle(goal.id, child: access.child, at: now, on: db) }
        }
        return try await read(access.goal.id, child: access.child, in: context)
    }

    static func setStatus(_ status: GoalStatus, of goalID: UUID, at now: Date, on sql: SQLDatabase) async throws {
        try await sql.raw(
            "UPDATE savings_goals SET status = \(bind: status.rawValue), updated_at = \(bind: now) WHERE id = \(bind: goalID)"
        ).run()
    }

    static func closed(_ goal: GoalRecord) -> AppError {
        AppError(.conflict, .goalClosed, "\(goal.name) is \(goal.status.name.lowercased()); it can no longer be changed")
    }

    /// The goal as it is now, with the child's balance as it is now.
    static func read(_ goalID: UUID, child: ChildRecord, in context: ServiceContext) async throws -> SavingsGoalDto {
        let sql = context.sql
        guard let goal = try await GoalStore.goal(goalID, on: sql),
            let fresh = try await FamilyDirectory.child(child.id, inFamily: child.familyID, on: sql)
        else { throw AppError.notFound("Goal") }
        return try await GoalDTOs.goal(goal, child: fresh, now: context.now, on: sql)
    }
}
