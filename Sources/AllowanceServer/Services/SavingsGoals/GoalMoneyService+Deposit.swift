import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit

/// Money moving from a child's main balance into a goal: a contribution the child (or a
/// parent for them) makes, or an allowance-day auto-transfer. Both take the same steps.
extension GoalMoneyService {
    struct DepositOutcome: Sendable {
        var depositID: UUID
        var match: Money
        var challengeBonus: Money?
        var milestones: [Int]
        var completed: Bool
        var balanceAfter: Money
        /// The goal after the deposit, settled.
        var goal: GoalRecord?
    }

    /// Inside the caller's transaction, with the goal locked (`GoalStore.lock`):
    /// 1. refuses a goal that is not Active; 2. debits the main balance (the ledger refuses
    /// an overdraft) and records the contribution, so both balances stay sums of their rows;
    /// 3. adds the parent's match; 4. completes a challenge whose target is now reached;
    /// 5. marks milestones and completes the goal.
    static func deposit(
        _ amount: Money, type: ContributionType, description: String?, into goal: GoalRecord, child: ChildRecord, by userID: UUID?,
        at now: Date, on db: Database
    ) async throws -> DepositOutcome {
        guard goal.status == .active else { throw notActive(goal) }
        let entry = try await LedgerService.post(
            savingDebit(amount, into: goal, notes: description, by: userID, at: now), calendar: child.calendar, on: db)
        let deposit = try await GoalRows.record(
            GoalRowPosting(
                goal: goal, amount: amount, type: type, description: description, createdBy: userID, at: now, sourceTransactionID: entry.id),
            on: db)

        // The lock read whether the goal has a rule or a challenge; most have neither.
        var match = Money.zero
        if goal.terms?.matchingRule ?? true, let rule = try await MatchingStore.rule(forGoal: goal.id, on: db.sql) {
            match = try await MatchingStore.pay(
                rule.terms.match(forDeposit: amount, at: now), from: rule, into: goal,
                description: "Parent match for \(amount.formatted) saved", matching: deposit.id, at: now, on: db)
        }
        let bonus =
            goal.terms?.challenge ?? true ? try await ChallengeOutcomes.completeIfWon(goal, child: child, at: now, on: db) : nil
        // Without a match or a bonus, the goal is the locked one with this deposit's amount.
        var known = goal
        known.current = deposit.balanceAfter
        let settled = try await GoalSettlement.settle(
            goal.id, known: match.isPositive || bonus != nil ? nil : known, child: child, at: now, on: db)
        return DepositOutcome(
            depositID: deposit.id, match: match, challengeBonus: bonus, milestones: settled.milestones, completed: settled.completed,
            balanceAfter: entry.balanceAfter, goal: settled.goal)
    }

    /// The ledger entry that moves `amount` from the child's main balance into `goal`.
    static func savingDebit(_ amount: Money, into goal: GoalRecord, notes: String?, by userID: UUID?, at now: Date) -> LedgerPosting {
        LedgerPosting(
            childID: goal.childID, type: .debit, amount: amount, description: "Saved to goal: \(goal.name)", category: "Savings",
            notes: notes, createdBy: userID, at: now, movesSavings: true)
    }

    /// Whether a deposit of `amount` into `goal`, as its lock read it, is only a debit and a goal
    /// row: the goal is Active, has no matching rule and no running challenge, and the deposit
    /// reaches no milestone not yet marked, nor the target. `deposit` then does nothing else, so
    /// PostgreSQL's posting groups may write those two rows for it (`PostingGroups.save`).
    static func isPlain(_ amount: Money, into goal: GoalRecord) -> Bool {
        guard goal.status == .active, let terms = goal.terms, !terms.matchingRule, !terms.challenge,
            let achieved = goal.achievedMilestones
        else { return false }
        let after = GoalProgress(target: goal.target, current: goal.current + amount)
        return after.newMilestones(achieved: achieved).isEmpty && !after.isReached
    }

    static func notActive(_ goal: GoalRecord) -> AppError {
        AppError.goalNotActive(goal.name, goal.status, so: "it cannot take money now")
    }
}
