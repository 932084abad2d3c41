import AllowanceAPI
import AllowanceCore
import Foundation
import SQLKit

/// Builds the goal DTOs: rows in, Core's rules applied at `now` (so a deadline that has
/// passed reads as passed), DTOs out. A list of goals costs a fixed number of queries.
enum GoalDTOs {
    static func goal(_ goal: GoalRecord, child: ChildRecord, now: Date, on sql: SQLDatabase) async throws -> SavingsGoalDto {
        try await goals([goal], child: child, now: now, on: sql)[0]
    }

    /// Without `milestones` (the web pages' goal cards, which show none), the goals' milestones
    /// are not read and each DTO's are empty: a query fewer on each page made afresh.
    static func goals(_ goals: [GoalRecord], child: ChildRecord, now: Date, milestones withMilestones: Bool = true, on sql: SQLDatabase)
        async throws -> [SavingsGoalDto]
    {
        guard !goals.isEmpty else { return [] }
        let milestones = withMilestones ? try await milestoneRows(ofGoals: goals.map(\.id), on: sql) : [:]
        // Only the goals that have them, when the list read that (`GoalRecord.terms`): most
        // have neither, and each is a query (a round trip on PostgreSQL).
        let ruled = goals.filter { $0.terms?.matchingRule ?? true }.map(\.id)
        let rules = try await MatchingStore.rules(forGoals: ruled, on: sql)
        let challengedIDs = goals.filter { $0.terms?.challenge ?? true }.map(\.id)
        let challenges = try await ChallengeStore.active(forGoals: challengedIDs, on: sql).filter { $0.value.terms.isOpen(at: now) }
        let windows = Dictionary(
            uniqueKeysWithValues: goals.map { goal in
                let days = SavingPace.windowDays(goalCreatedAt: goal.createdAt, now: now, calendar: child.calendar)
                return (goal.id, (days: days, start: SavingPace.windowStart(days: days, now: now, calendar: child.calendar)))
            })
        // Each goal's saving window, then each open challenge's days, summed in one query.
        let challenged = goals.compactMap { goal in challenges[goal.id].map { (goal.id, $0.terms) } }
        let sums = try await GoalRows.saved(
            in: goals.map { GoalRows.SavedSpan(goalID: $0.id, start: windows[$0.id]!.start) }
                + challenged.map { GoalRows.SavedSpan(goalID: $0.0, start: $0.1.startDate, end: $0.1.endDate) },
            on: sql)
        let savedInWindow = Dictionary(uniqueKeysWithValues: zip(goals.map(\.id), sums))
        let savedForChallenge = Dictionary(uniqueKeysWithValues: zip(challenged.map(\.0), sums.dropFirst(goals.count)))

        return goals.map { goal in
            let progress = goal.progress
            let rule = rules[goal.id]
            let open = !goal.status.isClosed
            let window = windows[goal.id]!
            let pace = SavingPace(saved: savedInWindow[goal.id] ?? .zero, days: window.days)
            let challenge = challenges[goal.id].map { challenge in
                let progress = savedForChallenge[goal.id] ?? .zero
                return self.challenge(challenge, goal: goal, progress: progress, now: now, calendar: child.calendar).summary
            }
            return SavingsGoalDto(
                id: goal.id, childId: goal.childID, childName: child.firstName, name: goal.name, description: goal.description,
                targetAmount: goal.target, currentAmount: goal.current, remainingAmount: progress.remaining,
                progressPercentage: progress.percentage, imageUrl: goal.imageURL, productUrl: goal.productURL, category: goal.category,
                targetDate: goal.targetDate,
                daysRemaining: goal.targetDate.map { GoalTargetDate.daysRemaining(until: $0, now: now, calendar: child.calendar) },
                status: goal.status, completedAt: goal.completedAt, purchasedAt: goal.purchasedAt, priority: goal.priority,
                autoTransferAmount: goal.autoTransferAmount, autoTransferType: goal.autoTransferType,
                matchingRule: rule.map { summary(of: $0, goal: goal, now: now) }, activeChallenge: challenge,
                milestones: self.milestones(milestones[goal.id] ?? [], goal: goal, rule: rule, now: now),
                canAfford: open && progress.canAfford(balance: child.balance),
                projectedCompletionDate: open ? pace.projectedDate(for: progress.remaining, now: now, calendar: child.calendar) : nil,
                projectedCompletionText: open ? pace.projectionText(for: progress.remaining, now: now, calendar: child.calendar) : nil,
                createdAt: goal.createdAt)
        }
    }

    // MARK: - Milestones

    struct MilestoneRow: Sendable {
        let id: UUID, goal_id: UUID, percent_complete: Int, is_achieved: Bool, achieved_at: Date?, bonus_amount_cents: Int64?

        /// Read column by column rather than through `Decodable`: each goal on a list or page
        /// has four, and the keyed decoding containers cost more than the columns themselves.
        init(_ row: any SQLRow) throws {
            id = try row.decode(column: "id", as: UUID.self)
            goal_id = try row.decode(column: "goal_id", as: UUID.self)
            percent_complete = try row.decode(column: "percent_complete", as: Int.self)
            is_achieved = try row.decode(column: "is_achieved", as: Bool.self)
            achieved_at = try row.decode(column: "achieved_at", as: Date?.self)
            bonus_amount_cents = try row.decode(column: "bonus_amount_cents", as: Int64?.self)
        }
    }

    static func milestoneRows(ofGoals goalIDs: [UUID], on sql: SQLDatabase) async throws -> [UUID: [MilestoneRow]] {
        let rows = try await sql.raw(
            """
            SELECT id, goal_id, percent_complete, is_achieved, achieved_at, bonus_amount_cents FROM goal_milestones
            WHERE goal_id IN (\(binds: goalIDs)) ORDER BY percent_complete
            """
        ).all().map(MilestoneRow.init)
        return Dictionary(grouping: rows, by: \.goal_id)
    }

    /// An achieved milestone shows the bonus it paid; one still ahead, what a live
    /// milestone-bonus rule would pay for it.
    static func milestones(_ rows: [MilestoneRow], goal: GoalRecord, rule: MatchingRuleRecord?, now: Date) -> [MilestoneDto] {
        let upcomingBonus = rule.map { $0.terms.milestoneBonus(target: goal.target, at: now) } ?? .zero
        return rows.map { row in
            MilestoneDto(
                id: row.id, percentComplete: row.percent_complete,
                targetAmount: GoalProgress.milestoneAmount(row.percent_complete, of: goal.target),
                isAchieved: row.is_achieved, achievedAt: row.achieved_at,
                celebrationMessage: GoalProgress.celebrationMessage(row.percent_complete, goalName: goal.name),
                bonusAmount: row.is_achieved
                    ? row.bonus_amount_cents.map(Money.init(cents:)) : (upcomingBonus.isPositive ? upcomingBonus : nil))
        }
    }

    // MARK: - Matching and challenges

    static func summary(of rule: MatchingRuleRecord, goal: GoalRecord, now: Date) -> MatchingRuleSummaryDto {
        let terms = rule.terms
        return MatchingRuleSummaryDto(
            id: rule.id, type: terms.type, typeDescription: terms.typeDescription(target: goal.target), matchRatio: terms.ratio,
            maxMatchAmount: terms.maxMatch, totalMatchedAmount: terms.totalMatched, remainingMatchAmount: terms.remainingMatch,
            isActive: terms.isLive(at: now), isExpired: terms.isExpired(at: now), expiresAt: terms.expiresAt)
    }

    static func rule(_ rule: MatchingRuleRecord, goal: GoalRecord, now: Date) -> MatchingRuleDto {
        let terms = rule.terms
        return MatchingRuleDto(
            id: rule.id, goalId: goal.id, goalName: goal.name, type: terms.type,
            typeDescription: terms.typeDescription(target: goal.target),
            matchRatio: terms.ratio, maxMatchAmount: terms.maxMatch, totalMatchedAmount: terms.totalMatched,
            remainingMatchAmount: terms.remainingMatch, isActive: terms.isLive(at: now), isExpired: terms.isExpired(at: now),
            createdAt: rule.createdAt, expiresAt: terms.expiresAt, createdByName: rule.createdByName)
    }

    static func challenge(_ challenge: ChallengeRecord, goal: GoalRecord, progress: Money, now: Date, calendar: FamilyCalendar)
        -> GoalChallengeDto
    {
        let terms = challenge.terms
        return GoalChallengeDto(
            id: challenge.id, goalId: goal.id, goalName: goal.name, childId: goal.childID, targetAmount: terms.target,
            currentProgress: progress,
            progressPercentage: terms.percentage(progress: progress), startDate: terms.startDate, endDate: terms.endDate,
            daysRemaining: terms.daysRemaining(at: now, calendar: calendar), bonusAmount: terms.bonus,
            status: terms.effectiveStatus(at: now),
            completedAt: challenge.completedAt, description: challenge.description)
    }
}
