import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit

/// A matching rule row with the name of the parent who made it.
struct MatchingRuleRecord: Sendable {
    let id: UUID
    let goalID: UUID
    let createdBy: UUID?
    let createdByName: String
    let createdAt: Date
    var terms: MatchingTerms
}

/// Reads matching rules, and pays out of them within their cap.
enum MatchingStore {
    private struct Row: Decodable {
        let id: UUID, goal_id: UUID, created_by: UUID?, type: Int, match_ratio_e4: Int64, max_match_amount_cents: Int64?
        let total_matched_cents: Int64, is_active: Bool, created_at: Date, expires_at: Date?, first_name: String?, last_name: String?

        var record: MatchingRuleRecord {
            MatchingRuleRecord(
                id: id, goalID: goal_id, createdBy: created_by,
                createdByName: first_name.map { [$0, last_name ?? ""].joined(separator: " ") } ?? "A parent", createdAt: created_at,
                terms: MatchingTerms(
                    type: MatchingType(rawValue: type) ?? .ratioMatch, ratio: MatchRatio(tenThousandths: match_ratio_e4),
                    maxMatch: max_match_amount_cents.map(Money.init(cents:)), totalMatched: Money(cents: total_matched_cents),
                    isActive: is_active, expiresAt: expires_at))
        }
    }

    private static let select: SQLQueryString = """
        SELECT r.id, r.goal_id, r.created_by, r.type, r.match_ratio_e4, r.max_match_amount_cents, r.total_matched_cents, r.is_active,
               r.created_at, r.expires_at, u.first_name, u.last_name
        FROM parent_matching_rules r LEFT JOIN users u ON u.id = r.created_by
        """

    static func rule(forGoal goalID: UUID, on sql: SQLDatabase) async throws -> MatchingRuleRecord? {
        try await sql.raw(select + " WHERE r.goal_id = \(bind: goalID)").first(decoding: Row.self)?.record
    }

    static func rules(forGoals goalIDs: [UUID], on sql: SQLDatabase) async throws -> [UUID: MatchingRuleRecord] {
        guard !goalIDs.isEmpty else { return [:] }
        let rows = try await sql.raw(select + " WHERE r.goal_id IN (\(binds: goalIDs))").all(decoding: Row.self)
        return Dictionary(rows.map { ($0.goal_id, $0.record) }, uniquingKeysWith: { first, _ in first })
    }

    /// Pays `amount` from the rule into the goal, inside the caller's transaction. The rule's
    /// total moves by a conditional update that cannot pass the cap, so even if two payouts
    /// raced (they cannot: the goal is locked) the cap would hold. Returns what was paid.
    static func pay(
        _ amount: Money, from rule: MatchingRuleRecord, into goal: GoalRecord, description: String, matching deposit: UUID?, at now: Date,
        on db: Database
    ) async throws -> Money {
        guard amount.isPositive else { return .zero }
        let sql = db.sql
        struct Claimed: Decodable { let id: UUID }
        let claimed = try await sql.raw(
            """
            UPDATE parent_matching_rules SET total_matched_cents = total_matched_cents + \(bind: amount.cents)
            WHERE id = \(bind: rule.id)
              AND (max_match_amount_cents IS NULL OR total_matched_cents + \(bind: amount.cents) <= max_match_amount_cents)
            RETURNING id
            """
        ).first(decoding: Claimed.self)
        guard claimed != nil else { return .zero }
        try await GoalRows.record(
            GoalRowPosting(
                goal: goal, amount: amount, type: .parentMatch, description: description, createdBy: rule.createdBy, at: now,
                parentMatchID: deposit, matchingRuleID: rule.id),
            on: db)
        return amount
    }
}
