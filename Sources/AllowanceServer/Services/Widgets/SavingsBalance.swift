import AllowanceCore
import Foundation
import SQLKit

/// What a child has in savings goals, for the balance widget: the money held by goals that
/// are still open (Active or Paused). Completed, purchased and cancelled goals are not savings
/// any more (their money was spent or returned to the balance).
func savingsBalance(childID: UUID, on sql: SQLDatabase) async throws -> Money {
    struct Row: Decodable { let saved: Int64? }
    let row = try await sql.raw(
        """
        SELECT CAST(SUM(current_amount_cents) AS BIGINT) AS saved FROM savings_goals
        WHERE child_id = \(bind: childID) AND status IN (\(bind: GoalStatus.active.rawValue), \(bind: GoalStatus.paused.rawValue))
        """
    ).first(decoding: Row.self)
    return Money(cents: row?.saved ?? 0)
}
