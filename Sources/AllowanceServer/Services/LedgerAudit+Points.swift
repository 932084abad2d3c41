import Foundation
import SQLKit

extension LedgerAudit {
    /// Each child's points balance against the sum of their points rows, and their total
    /// earned against the Earned rows.
    static func auditPoints(into report: inout Report, scope familyID: UUID?, on sql: any SQLDatabase) async throws {
        let scope: SQLQueryString = familyID.map { " WHERE c.family_id = \(bind: $0)" } ?? ""
        struct Row: Decodable {
            let id: UUID
            let points_balance: Int64
            let points_earned: Int64
            let summed: Int64?
            let earned: Int64?
        }
        let rows = try await sql.raw(
            """
            SELECT c.id, c.points_balance, c.points_earned,
                   (SELECT CAST(SUM(p.amount) AS BIGINT) FROM points_entries p WHERE p.child_id = c.id) AS summed,
                   (SELECT CAST(SUM(p.amount) AS BIGINT) FROM points_entries p WHERE p.child_id = c.id AND p.type = 'Earned') AS earned
            FROM children c
            """ + scope
        ).all(decoding: Row.self)
        for row in rows {
            if row.points_balance != (row.summed ?? 0) || row.points_balance < 0 {
                report.problems.append("Child \(row.id): points balance \(row.points_balance), points rows sum to \(row.summed ?? 0)")
            }
            if row.points_earned != (row.earned ?? 0) {
                report.problems.append("Child \(row.id): \(row.points_earned) points earned, Earned rows sum to \(row.earned ?? 0)")
            }
        }
    }
}
