import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit

/// A change to a child's points, as the ledger records it.
struct PointsPosting: Sendable {
    var childID: UUID
    var type: PointsEntryType
    /// Positive adds, negative takes away.
    var amount: Int64
    var description: String
    var sessionID: UUID? = nil
    var transactionID: UUID? = nil
    var createdBy: UUID?
    var at: Date
}

/// The one writer of a child's points: like `LedgerService.post` for money, a conditional
/// update that never takes the balance below zero (so concurrent redemptions cannot
/// overspend), and an immutable numbered row with the balance after it.
enum PointsLedger {
    static func post(_ posting: PointsPosting, on db: any Database) async throws -> PointsEntryDto {
        precondition(db.inTransaction, "a points entry is posted inside a transaction")
        let sql = db.sql
        let earned = posting.type == .earned ? posting.amount : 0
        struct Balance: Decodable { let points_balance: Int64 }
        let updated = try await sql.raw(
            """
            UPDATE children SET points_balance = points_balance + \(bind: posting.amount), points_earned = points_earned + \(bind: earned)
            WHERE id = \(bind: posting.childID) AND points_balance + \(bind: posting.amount) >= 0
            RETURNING points_balance
            """
        ).first(decoding: Balance.self)
        guard let updated else { throw try await refusal(for: posting, on: sql) }
        let id = UUID.timeOrdered()
        try await sql.raw(
            """
            INSERT INTO points_entries (id, child_id, entry_number, type, amount, balance_after, description, session_id, transaction_id,
                                        created_by, created_at)
            VALUES (\(bind: id), \(bind: posting.childID),
                    (SELECT COALESCE(MAX(entry_number), 0) + 1 FROM points_entries WHERE child_id = \(bind: posting.childID)),
                    \(bind: posting.type.rawValue), \(bind: posting.amount), \(bind: updated.points_balance), \(bind: posting.description),
                    \(bind: posting.sessionID), \(bind: posting.transactionID), \(bind: posting.createdBy), \(bind: posting.at))
            """
        ).run()
        return PointsEntryDto(
            id: id, type: posting.type, amount: Int(posting.amount), balanceAfter: Int(updated.points_balance),
            description: posting.description,
            timestamp: posting.at)
    }

    private static func refusal(for posting: PointsPosting, on sql: any SQLDatabase) async throws -> AppError {
        struct Row: Decodable {
            let points_balance: Int64
            let first_name: String
        }
        let row = try await sql.raw(
            """
            SELECT children.points_balance, users.first_name FROM children JOIN users ON users.id = children.user_id
            WHERE children.id = \(bind: posting.childID)
            """
        ).first(decoding: Row.self)
        guard let row else { return .notFound("Child") }
        return AppError(.unprocessableEntity, .insufficientPoints, "Not enough points: \(row.first_name) has \(row.points_balance)")
    }

    /// A child's points: balance, everything earned, and the entries newest first.
    static func statement(of childID: UUID, limit: Int, on sql: any SQLDatabase) async throws -> PointsDto {
        struct Totals: Decodable {
            let points_balance: Int64
            let points_earned: Int64
        }
        struct Row: Decodable {
            let id: UUID
            let type: String
            let amount: Int64
            let balance_after: Int64
            let description: String
            let created_at: Date
        }
        let totals = try await sql.raw("SELECT points_balance, points_earned FROM children WHERE id = \(bind: childID)")
            .first(decoding: Totals.self)
        let rows = try await sql.raw(
            """
            SELECT id, type, amount, balance_after, description, created_at FROM points_entries
            WHERE child_id = \(bind: childID) ORDER BY entry_number DESC LIMIT \(bind: limit)
            """
        ).all(decoding: Row.self)
        return PointsDto(
            balance: Int(totals?.points_balance ?? 0), totalEarned: Int(totals?.points_earned ?? 0),
            transactions: rows.map {
                PointsEntryDto(
                    id: $0.id, type: PointsEntryType(rawValue: $0.type) ?? .adjusted, amount: Int($0.amount),
                    balanceAfter: Int($0.balance_after),
                    description: $0.description, timestamp: $0.created_at)
            })
    }
}
