import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit

/// After money reaches an Active goal (or its target is lowered, or it is resumed): marks
/// every milestone now reached, lowest first, each paying its milestone bonus, then
/// completes the goal at 100 %. A bonus can itself reach the next milestone, so this
/// repeats until nothing changes.
enum GoalSettlement {
    struct Outcome: Sendable {
        var milestones: [Int] = []
        var completed = false
        /// The goal as it stands once settled (nil when it was not Active): the caller's answer
        /// needs it, and reading it again would cost a writer another round trip.
        var goal: GoalRecord?
    }

    /// `known`: the goal as the caller's own change left it, when nothing else changed it
    /// since (a deposit that paid no match and no bonus), which saves the writer reading it again.
    static func settle(
        _ goalID: UUID, known: GoalRecord? = nil, child: ChildRecord, at now: Date, on db: Database
    ) async throws -> Outcome {
        let sql = db.sql
        var outcome = Outcome()
        var next = known
        if next == nil { next = try await GoalStore.goal(goalID, on: sql) }
        while let goal = next, goal.status == .active {
            next = nil
            var marked = false
            // Below the first milestone there is nothing to mark, and no need to ask which are
            // marked; a goal as its lock read it knows already.
            var unmarked = goal.progress.newMilestones(achieved: [])
            if !unmarked.isEmpty {
                var achieved = goal.achievedMilestones
                if achieved == nil { achieved = try await achievedPercents(of: goalID, on: sql) }
                unmarked = goal.progress.newMilestones(achieved: achieved ?? [])
            }
            for percent in unmarked where try await markAchieved(percent, of: goal, at: now, on: sql) {
                marked = true
                outcome.milestones.append(percent)
                try await payBonus(for: percent, of: goal, at: now, on: db)
                // Reaching 100 % is told once, as the goal's completion.
                if percent < 100 { try await GoalNews.milestone(percent, of: goal, child: child, at: now, on: db) }
            }
            guard !marked else {
                next = try await GoalStore.goal(goalID, on: sql)
                continue
            }
            outcome.goal = goal
            if goal.progress.isReached, try await complete(goal, at: now, on: sql) {
                outcome.completed = true
                outcome.goal?.status = .completed
                outcome.goal?.completedAt = now
                try await GoalNews.completed(goal, child: child, at: now, on: db)
            }
            return outcome
        }
        return outcome
    }

    static func achievedPercents(of goalID: UUID, on sql: SQLDatabase) async throws -> Set<Int> {
        struct Row: Decodable { let percent_complete: Int }
        let rows = try await sql.raw(
            """
            SELECT percent_complete FROM goal_milestones WHERE goal_id = \(bind: goalID) AND is_achieved = \(bind: true)
            """
        ).all(decoding: Row.self)
        return Set(rows.map(\.percent_complete))
    }

    /// Marks a milestone achieved exactly once (a conditional update).
    private static func markAchieved(_ percent: Int, of goal: GoalRecord, at now: Date, on sql: SQLDatabase) async throws -> Bool {
        struct Marked: Decodable { let id: UUID }
        return try await sql.raw(
            """
            UPDATE goal_milestones SET is_achieved = \(bind: true), achieved_at = \(bind: now)
            WHERE goal_id = \(bind: goal.id) AND percent_complete = \(bind: percent) AND is_achieved = \(bind: false)
            RETURNING id
            """
        ).first(decoding: Marked.self) != nil
    }

    /// A milestone-bonus matching rule pays at each milestone, within its cap.
    private static func payBonus(for percent: Int, of goal: GoalRecord, at now: Date, on db: Database) async throws {
        let sql = db.sql
        guard let rule = try await MatchingStore.rule(forGoal: goal.id, on: sql) else { return }
        let paid = try await MatchingStore.pay(
            rule.terms.milestoneBonus(target: goal.target, at: now), from: rule, into: goal,
            description: "Bonus for reaching the \(percent)% milestone", matching: nil, at: now, on: db)
        guard paid.isPositive else { return }
        try await sql.raw(
            """
            UPDATE goal_milestones SET bonus_amount_cents = \(bind: paid.cents) WHERE goal_id = \(bind: goal.id) AND percent_complete = \(bind: percent)
            """
        ).run()
    }

    private static func complete(_ goal: GoalRecord, at now: Date, on sql: SQLDatabase) async throws -> Bool {
        struct Done: Decodable { let id: UUID }
        return try await sql.raw(
            """
            UPDATE savings_goals SET status = \(bind: GoalStatus.completed.rawValue), completed_at = \(bind: now), updated_at = \(bind: now)
            WHERE id = \(bind: goal.id) AND status = \(bind: GoalStatus.active.rawValue)
            RETURNING id
            """
        ).first(decoding: Done.self) != nil
    }
}
