import AllowanceCore
import Foundation
import SQLKit

/// The savings-goal half of `verify`: each goal's cached amount against the sum of its
/// contribution rows, and each matching rule's total against the rows it paid.
extension LedgerAudit {
    static func auditGoals(into report: inout Report, scope familyID: UUID?, on sql: SQLDatabase) async throws {
        let scope: SQLQueryString = familyID.map { " WHERE c.family_id = \(bind: $0)" } ?? ""
        struct GoalRow: Decodable {
            let id: UUID
            let name: String
            let current_amount_cents: Int64
            let rows_cents: Int64?
            let row_count: Int64
            let last_entry_number: Int64
            let numbers: Int64
            let highest: Int64?
        }
        let goals = try await sql.raw(
            """
            SELECT g.id, g.name, g.current_amount_cents, g.last_entry_number,
                   (SELECT CAST(SUM(s.amount_cents) AS BIGINT) FROM savings_contributions s WHERE s.goal_id = g.id) AS rows_cents,
                   (SELECT COUNT(*) FROM savings_contributions s WHERE s.goal_id = g.id) AS row_count,
                   (SELECT COUNT(DISTINCT s.entry_number) FROM savings_contributions s WHERE s.goal_id = g.id) AS numbers,
                   (SELECT MAX(s.entry_number) FROM savings_contributions s WHERE s.goal_id = g.id) AS highest
            FROM savings_goals g JOIN children c ON c.id = g.child_id
            """ + scope
        ).all(decoding: GoalRow.self)
        for goal in goals {
            report.goalsChecked += 1
            report.contributionsChecked += Int(goal.row_count)
            let sum = Money(cents: goal.rows_cents ?? 0)
            if sum.cents != goal.current_amount_cents {
                let stored = Money(cents: goal.current_amount_cents)
                report.problems.append(
                    "Goal \"\(goal.name)\" (\(goal.id)): stored amount \(stored.formatted), contributions sum to \(sum.formatted)")
            }
            let numbering = Numbering(
                rows: goal.row_count, distinct: goal.numbers, highest: goal.highest ?? 0, last: goal.last_entry_number)
            if let problem = numbering.problem { report.problems.append("Goal \"\(goal.name)\" (\(goal.id)): contributions \(problem)") }
        }
        struct RuleRow: Decodable {
            let id: UUID
            let name: String
            let total_matched_cents: Int64
            let paid_cents: Int64?
        }
        let rules = try await sql.raw(
            """
            SELECT r.id, g.name, r.total_matched_cents,
                   (SELECT CAST(SUM(s.amount_cents) AS BIGINT) FROM savings_contributions s WHERE s.matching_rule_id = r.id) AS paid_cents
            FROM parent_matching_rules r JOIN savings_goals g ON g.id = r.goal_id JOIN children c ON c.id = g.child_id
            """ + scope
        ).all(decoding: RuleRow.self)
        for rule in rules where (rule.paid_cents ?? 0) != rule.total_matched_cents {
            let (total, paid) = (Money(cents: rule.total_matched_cents), Money(cents: rule.paid_cents ?? 0))
            report.problems.append(
                "Matching rule on \"\(rule.name)\" (\(rule.id)): total matched \(total.formatted), rows paid \(paid.formatted)")
        }
    }
}
