import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit

/// The two ways a running challenge ends by itself: won (the child saved its target in
/// time: the bonus is added to the goal) or failed (its end passed first). Each is a
/// conditional update on the Active status, so it happens exactly once.
enum ChallengeOutcomes {
    /// After a deposit, inside its transaction (the goal is locked): completes the goal's
    /// running challenge if its target is now reached, and pays the bonus. Returns the bonus.
    static func completeIfWon(_ goal: GoalRecord, child: ChildRecord, at now: Date, on db: Database) async throws -> Money? {
        let sql = db.sql
        guard let challenge = try await ChallengeStore.active(forGoal: goal.id, on: sql), challenge.terms.isOpen(at: now) else {
            return nil
        }
        let progress = try await ChallengeStore.progress(of: [challenge], on: sql)[challenge.id] ?? .zero
        guard challenge.terms.isWon(progress: progress, at: now), try await close(challenge.id, as: .completed, at: now, on: sql) else {
            return nil
        }
        try await GoalRows.record(
            GoalRowPosting(
                goal: goal, amount: challenge.terms.bonus, type: .challengeBonus, description: "Challenge completion bonus!",
                createdBy: challenge.createdBy, at: now),
            on: db)
        try await GoalNews.challengeWon(challenge, goal: goal, child: child, at: now, on: db)
        return challenge.terms.bonus
    }

    /// Marks every Active challenge past its end Failed (of one goal, or all) and tells the
    /// child and parents. Safe to run twice or on two servers at once. Returns how many.
    @discardableResult
    static func failOverdue(goalID: UUID? = nil, in context: ServiceContext) async throws -> Int {
        let sql = context.sql
        let now = context.now
        struct Row: Decodable {
            let id: UUID
            let goal_id: UUID
            let name: String
            let child_id: UUID
            let family_id: UUID
        }
        var query: SQLQueryString = """
            SELECT c.id, c.goal_id, g.name, g.child_id, ch.family_id FROM goal_challenges c
            JOIN savings_goals g ON g.id = c.goal_id JOIN children ch ON ch.id = g.child_id
            WHERE c.status = \(bind: ChallengeStatus.active.rawValue) AND c.end_date <= \(bind: now)
            """
        if let goalID { query = query + " AND c.goal_id = \(bind: goalID)" }
        if let familyID = context.familyScope { query = query + " AND ch.family_id = \(bind: familyID)" }
        var failed = 0
        for row in try await sql.raw(query + " ORDER BY c.end_date").all(decoding: Row.self) {
            let done = try await context.write { db in
                let sql = db.sql
                guard let challenge = try await ChallengeStore.active(forGoal: row.goal_id, on: sql), challenge.id == row.id,
                    try await close(row.id, as: .failed, at: challenge.terms.endDate, on: sql),
                    let child = try await FamilyDirectory.child(row.child_id, inFamily: row.family_id, on: sql)
                else { return false }
                let saved = try await ChallengeStore.progress(of: [challenge], on: sql)[challenge.id] ?? .zero
                try await GoalNews.challengeFailed(challenge, goalName: row.name, saved: saved, child: child, at: now, on: db)
                return true
            }
            if done { failed += 1 }
        }
        return failed
    }

    /// Ends an Active challenge as Completed, Failed or Cancelled; false when it was no longer Active.
    static func close(_ id: UUID, as status: ChallengeStatus, at instant: Date, on sql: SQLDatabase) async throws -> Bool {
        struct Closed: Decodable { let id: UUID }
        let completedAt: Date? = status == .completed ? instant : nil
        let endedAt: Date? = status == .completed ? nil : instant
        return try await sql.raw(
            """
            UPDATE goal_challenges SET status = \(bind: status.rawValue), completed_at = \(bind: completedAt), ended_at = \(bind: endedAt)
            WHERE id = \(bind: id) AND status = \(bind: ChallengeStatus.active.rawValue)
            RETURNING id
            """
        ).first(decoding: Closed.self) != nil
    }
}
