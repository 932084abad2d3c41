import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit
import Vapor

/// Money in and out of goals: contribute, withdraw, cancel (everything back), purchase.
/// Each is one transaction in which the main balance and the goal move together, each
/// by its own rows, so `verify` balances before and after.
enum GoalMoneyService {
    static func contribute(_ access: GoalAccess, _ input: ContributeToGoalDto, in context: ServiceContext) async throws
        -> GoalProgressEventDto
    {
        try await contribute(to: access.goal.id, input, by: access.user, in: context) { access }
    }

    /// `contribute` to the goal `goalID`, as `POST /savings-goals/{id}/contribute` names it. On
    /// PostgreSQL, outside a transaction (a request with an `Idempotency-Key` is in one), a plain
    /// one is saved in the next posting group (`PostingGroups.save`), which locks the goal with
    /// the others' and refuses one `user` may not see as not found; any other, and any on
    /// SQLite, is made alone with the goal `readAccess` reads.
    static func contribute(
        to goalID: UUID, _ input: ContributeToGoalDto, by user: AuthUser, in context: ServiceContext,
        readAccess: () async throws -> GoalAccess
    ) async throws -> GoalProgressEventDto {
        guard let groups = context.postingGroups else {
            // Alone, the goal is read first: one the user may not see is not found, whatever the input.
            let access = try await readAccess()
            let (amount, description) = try checked(input)
            return try await contribute(amount, description: description, to: access, in: context)
        }
        let (amount, description) = try checked(input)
        if let (entry, goal) = try await groups.save(amount, description: description, into: goalID, by: user, in: context) {
            return progressEvent(goal, reached: [], match: .zero, bonus: nil, balanceAfter: entry.balanceAfter)
        }
        return try await contribute(amount, description: description, to: try await readAccess(), in: context)
    }

    private static func checked(_ input: ContributeToGoalDto) throws -> (amount: Money, description: String?) {
        (try GoalInput.amount(input.amount, "Amount"), try GoalInput.note(input.description, "Description"))
    }

    /// A contribution in a write of its own.
    private static func contribute(_ amount: Money, description: String?, to access: GoalAccess, in context: ServiceContext)
        async throws -> GoalProgressEventDto
    {
        let now = context.now
        // The goal is read back inside the transaction: the event tells what this contribution
        // did, whatever another one does a moment later.
        let (outcome, goal, rows) = try await context.write(family: access.child.familyID) { db in
            let locked = try await GoalStore.lock(access.goal.id, on: db)
            let outcome = try await deposit(
                amount, type: .childDeposit, description: description, into: locked, child: access.child, by: access.user.userID, at: now,
                on: db)
            let sql = db.sql
            guard let goal = try await GoalStore.settled(outcome.goal, else: locked.id, on: sql) else { throw AppError.notFound("Goal") }
            // Only the milestones this contribution reached are told, so only then are they read.
            let rows = outcome.milestones.isEmpty ? [] : try await GoalDTOs.milestoneRows(ofGoals: [goal.id], on: sql)[goal.id] ?? []
            return (outcome, goal, rows)
        }
        let reached = GoalDTOs.milestones(rows.filter { outcome.milestones.contains($0.percent_complete) }, goal: goal, rule: nil, now: now)
        return progressEvent(
            goal, reached: reached, match: outcome.match, bonus: outcome.challengeBonus, balanceAfter: outcome.balanceAfter)
    }

    /// What a contribution tells: the goal after it, what it reached and what it added.
    private static func progressEvent(
        _ goal: GoalRecord, reached: [MilestoneDto], match: Money, bonus: Money?, balanceAfter: Money
    ) -> GoalProgressEventDto {
        GoalProgressEventDto(
            goalId: goal.id, goalName: goal.name, newAmount: goal.current, targetAmount: goal.target,
            progressPercentage: goal.progress.percentage, milestonesReached: reached, isCompleted: goal.status == .completed,
            matchAmountAdded: match.isPositive ? match : nil, challengeBonusAdded: bonus, balanceAfter: balanceAfter)
    }

    /// A parent moves money from the goal back to the child's balance. A completed goal that
    /// drops below its target is Active again.
    static func withdraw(_ access: GoalAccess, _ input: WithdrawFromGoalDto, in context: ServiceContext) async throws -> ContributionDto {
        let amount = try GoalInput.amount(input.amount, "Amount")
        let reason = try GoalInput.note(input.reason, "Reason")
        let now = context.now
        let row = try await context.write { db in
            let goal = try await GoalStore.lock(access.goal.id, on: db)
            guard !goal.status.isClosed else { throw SavingsGoalService.closed(goal) }
            let row = try await giveBack(
                amount, from: goal, child: access.child, description: reason ?? "Withdrawn to balance", by: access.user, at: now, on: db)
            if goal.status == .completed, row.balanceAfter < goal.target {
                try await db.sql.raw(
                    """
                    UPDATE savings_goals SET status = \(bind: GoalStatus.active.rawValue), completed_at = NULL WHERE id = \(bind: goal.id)
                    """
                ).run()
            }
            return row
        }
        return ContributionDto(
            id: row.id, amount: -amount, type: .withdrawal, goalBalanceAfter: row.balanceAfter,
            description: reason ?? "Withdrawn to balance",
            createdAt: now, createdByName: access.user.fullName)
    }

    /// Cancels the goal: everything in it goes back to the balance, a running challenge is
    /// cancelled, and the goal becomes Cancelled.
    static func cancel(_ access: GoalAccess, in context: ServiceContext) async throws {
        let now = context.now
        try await context.write { db in
            let goal = try await GoalStore.lock(access.goal.id, on: db)
            guard !goal.status.isClosed else { throw SavingsGoalService.closed(goal) }
            if goal.current.isPositive {
                try await giveBack(
                    goal.current, from: goal, child: access.child, description: "Goal cancelled: money returned to balance",
                    by: access.user,
                    at: now, on: db)
            }
            let sql = db.sql
            try await SavingsGoalService.setStatus(.cancelled, of: goal.id, at: now, on: sql)
            if let challenge = try await ChallengeStore.active(forGoal: goal.id, on: sql) {
                _ = try await ChallengeOutcomes.close(challenge.id, as: .cancelled, at: now, on: sql)
            }
        }
    }

    /// Only a completed goal can be bought. The goal's last row (type Purchase) empties it, and the
    /// child's history shows the purchase as two entries: everything saved taken from savings (a
    /// move, like a withdrawal, so not "earned") and the spend of the goal's price, its target
    /// ("Bought Lego Castle, $80.00, from savings", counted as spent that month, once). Money
    /// saved past the target (a deposit, a match or a bonus that went over) stays with the child,
    /// so a goal saved exactly to its target leaves the balance where it was. Returns the goal and
    /// what went back to the child's balance.
    static func purchase(_ access: GoalAccess, _ input: MarkGoalPurchasedDto, in context: ServiceContext) async throws
        -> (goal: SavingsGoalDto, givenBack: Money)
    {
        let notes = try InputRules.optional(input.notes, "Notes", max: InputRules.notesLength)
        let now = context.now
        let givenBack = try await context.write { db in
            let goal = try await GoalStore.lock(access.goal.id, on: db)
            guard goal.status == .completed else {
                throw AppError(
                    .conflict, .goalNotCompleted,
                    "Only a completed goal can be marked purchased; \(goal.name) is \(goal.status.name.lowercased()) at \(Int(goal.progress.percentage))%"
                )
            }
            let taken = try await LedgerService.post(
                LedgerPosting(
                    childID: access.child.id, type: .credit, amount: goal.current, description: "Taken from savings: \(goal.name)",
                    category: "Savings", createdBy: access.user.userID, at: now, movesSavings: true),
                calendar: access.child.calendar, on: db)
            try await GoalRows.record(
                GoalRowPosting(
                    goal: goal, amount: -goal.current, type: .purchase, description: notes ?? "Purchased: \(goal.name)",
                    createdBy: access.user.userID, at: now, sourceTransactionID: taken.id),
                on: db)
            _ = try await LedgerService.post(
                LedgerPosting(
                    childID: access.child.id, type: .debit, amount: goal.target,
                    description: "Bought \(goal.name), \(goal.target.formatted), from savings", category: goal.category.name, notes: notes,
                    createdBy: access.user.userID, at: now),
                calendar: access.child.calendar, on: db)
            try await db.sql.raw(
                """
                UPDATE savings_goals SET status = \(bind: GoalStatus.purchased.rawValue), purchased_at = \(bind: now), purchase_notes = \(bind: notes),
                       updated_at = \(bind: now)
                WHERE id = \(bind: goal.id)
                """
            ).run()
            return goal.current - goal.target
        }
        return (try await SavingsGoalService.read(access.goal.id, child: access.child, in: context), givenBack)
    }

    static func contributions(_ access: GoalAccess, filter: ContributionFilter, in context: ServiceContext) async throws
        -> [ContributionDto]
    {
        try await GoalRows.list(goalID: access.goal.id, filter: filter, on: context.sql)
    }

    /// Goal row out, ledger credit in: the pair that returns money to the main balance.
    @discardableResult
    private static func giveBack(
        _ amount: Money, from goal: GoalRecord, child: ChildRecord, description: String, by user: AuthUser, at now: Date, on db: Database
    ) async throws -> (id: UUID, balanceAfter: Money) {
        guard amount <= goal.current else {
            throw AppError.insufficientGoalBalance(goal.name, saved: goal.current)
        }
        let entry = try await LedgerService.post(
            LedgerPosting(
                childID: child.id, type: .credit, amount: amount, description: "Returned from goal: \(goal.name)", category: "Savings",
                notes: description, createdBy: user.userID, at: now, movesSavings: true),
            calendar: child.calendar, on: db)
        return try await GoalRows.record(
            GoalRowPosting(
                goal: goal, amount: -amount, type: .withdrawal, description: description, createdBy: user.userID, at: now,
                sourceTransactionID: entry.id),
            on: db)
    }
}
