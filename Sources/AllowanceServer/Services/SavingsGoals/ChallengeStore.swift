import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit

/// A challenge row.
struct ChallengeRecord: Sendable {
    let id: UUID
    let goalID: UUID
    let createdBy: UUID?
    var terms: ChallengeTerms
    var completedAt: Date?
    /// When it failed or was cancelled.
    var endedAt: Date? = nil
    let description: String?
    let createdAt: Date

    /// Savings count toward it until it ended: its end date, or earlier when it was won (the
    /// winning deposit, made at that instant, included) or cancelled.
    var countsUntil: Date {
        let closed = completedAt.map { $0.addingTimeInterval(0.001) } ?? endedAt
        return min(terms.endDate, closed ?? terms.endDate)
    }
}

/// Reads challenges.
enum ChallengeStore {
    private struct Row: Decodable {
        let id: UUID, goal_id: UUID, created_by: UUID?, target_amount_cents: Int64, start_date: Date, end_date: Date
        let bonus_amount_cents: Int64, status: Int, completed_at: Date?, ended_at: Date?, description: String?, created_at: Date

        var record: ChallengeRecord {
            ChallengeRecord(
                id: id, goalID: goal_id, createdBy: created_by,
                terms: ChallengeTerms(
                    target: Money(cents: target_amount_cents), startDate: start_date, endDate: end_date,
                    bonus: Money(cents: bonus_amount_cents),
                    status: ChallengeStatus(rawValue: status) ?? .active),
                completedAt: completed_at, endedAt: ended_at, description: description, createdAt: created_at)
        }
    }

    private static let select: SQLQueryString = """
        SELECT c.id, c.goal_id, c.created_by, c.target_amount_cents, c.start_date, c.end_date, c.bonus_amount_cents, c.status,
               c.completed_at, c.ended_at, c.description, c.created_at
        FROM goal_challenges c
        """

    /// The challenges stored as Active for these goals (one each at most). Some may be past
    /// their end and read as failed: callers ask `terms.isOpen(at:)`.
    static func active(forGoals goalIDs: [UUID], on sql: SQLDatabase) async throws -> [UUID: ChallengeRecord] {
        guard !goalIDs.isEmpty else { return [:] }
        let rows = try await sql.raw(
            select + " WHERE c.goal_id IN (\(binds: goalIDs)) AND c.status = \(bind: ChallengeStatus.active.rawValue)"
        ).all(decoding: Row.self)
        return Dictionary(rows.map { ($0.goal_id, $0.record) }, uniquingKeysWith: { first, _ in first })
    }

    static func active(forGoal goalID: UUID, on sql: SQLDatabase) async throws -> ChallengeRecord? {
        try await active(forGoals: [goalID], on: sql)[goalID]
    }

    static func challenge(_ id: UUID, on sql: SQLDatabase) async throws -> ChallengeRecord? {
        try await sql.raw(select + " WHERE c.id = \(bind: id)").first(decoding: Row.self)?.record
    }

    /// Every challenge on a child's goals, newest first.
    static func challenges(ofChild childID: UUID, on sql: SQLDatabase) async throws -> [ChallengeRecord] {
        try await sql.raw(
            select + " JOIN savings_goals g ON g.id = c.goal_id WHERE g.child_id = \(bind: childID) ORDER BY c.created_at DESC, c.id"
        ).all(decoding: Row.self).map(\.record)
    }

    /// What the child has saved toward each challenge so far.
    static func progress(of challenges: [ChallengeRecord], on sql: SQLDatabase) async throws -> [UUID: Money] {
        let saved = try await GoalRows.saved(
            in: challenges.map { GoalRows.SavedSpan(goalID: $0.goalID, start: $0.terms.startDate, end: $0.countsUntil) }, on: sql)
        return Dictionary(uniqueKeysWithValues: zip(challenges.map(\.id), saved))
    }
}
