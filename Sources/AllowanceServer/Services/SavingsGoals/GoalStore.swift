import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit

/// A goal row as the services work with it.
struct GoalRecord: Sendable {
    let id: UUID
    let childID: UUID
    var name: String
    var description: String?
    var target: Money
    var current: Money
    var imageURL: String?
    var productURL: String?
    var category: GoalCategory
    var targetDate: Date?
    var status: GoalStatus
    var completedAt: Date?
    var purchasedAt: Date?
    var priority: Int
    var autoTransferAmount: Money
    var autoTransferType: AutoTransferType
    var createdAt: Date

    var progress: GoalProgress { GoalProgress(target: target, current: current) }
}

/// Reads goal rows, and locks them for a change.
enum GoalStore {
    private struct Row: Decodable {
        let id: UUID, child_id: UUID, name: String, description: String?, target_amount_cents: Int64, current_amount_cents: Int64
        let image_url: String?, product_url: String?, category: Int, target_date: Date?, status: Int, completed_at: Date?
        let purchased_at: Date?, priority: Int, auto_transfer_amount_cents: Int64, auto_transfer_type: Int, created_at: Date

        var record: GoalRecord {
            GoalRecord(
                id: id, childID: child_id, name: name, description: description, target: Money(cents: target_amount_cents),
                current: Money(cents: current_amount_cents), imageURL: image_url, productURL: product_url,
                category: GoalCategory(rawValue: category) ?? .other, targetDate: target_date,
                status: GoalStatus(rawValue: status) ?? .active,
                completedAt: completed_at, purchasedAt: purchased_at, priority: priority,
                autoTransferAmount: Money(cents: auto_transfer_amount_cents),
                autoTransferType: AutoTransferType(rawValue: auto_transfer_type) ?? .none, createdAt: created_at)
        }
    }

    private static let select: SQLQueryString = """
        SELECT id, child_id, name, description, target_amount_cents, current_amount_cents, image_url, product_url, category, target_date,
               status, completed_at, purchased_at, priority, auto_transfer_amount_cents, auto_transfer_type, created_at
        FROM savings_goals
        """

    static func goal(_ id: UUID, on sql: SQLDatabase) async throws -> GoalRecord? {
        try await sql.raw(select + " WHERE id = \(bind: id)").first(decoding: Row.self)?.record
    }

    /// A child's goals in the order every list shows them: priority 1 first, then the oldest.
    static func goals(ofChild childID: UUID, statuses: [GoalStatus]? = nil, on sql: SQLDatabase) async throws -> [GoalRecord] {
        var query = select + " WHERE child_id = \(bind: childID)"
        if let statuses {
            guard !statuses.isEmpty else { return [] }
            query = query + " AND status IN (\(binds: statuses.map(\.rawValue)))"
        }
        return try await sql.raw(query + " ORDER BY priority, created_at, id").all(decoding: Row.self).map(\.record)
    }

    /// The goal as settlement left it, or read afresh when settlement had nothing to settle.
    static func settled(_ goal: GoalRecord?, else goalID: UUID, on sql: SQLDatabase) async throws -> GoalRecord? {
        if let goal { return goal }
        return try await self.goal(goalID, on: sql)
    }

    /// Inside a write transaction: locks the goal for a change and reads it afresh. Locks are
    /// always taken child first, then goal (the payday credits the child before its hooks
    /// move money into goals), so two transactions never wait for each other in a circle.
    /// SQLite needs no row locks: its writers already take turns (see `writeTransaction`).
    static func lock(_ goalID: UUID, on db: Database) async throws -> GoalRecord {
        precondition(db.inTransaction, "a goal is locked inside a transaction")
        let sql = db.sql
        // SQLite's writers take turns already; PostgreSQL locks the child first, like every goal change.
        if sql.isPostgres {
            struct Owner: Decodable { let child_id: UUID }
            guard let owner = try await sql.raw("SELECT child_id FROM savings_goals WHERE id = \(bind: goalID)").first(decoding: Owner.self)
            else {
                throw AppError.notFound("Goal")
            }
            try await lockChild(owner.child_id, on: sql)
        }
        guard let row = try await sql.raw(select + " WHERE id = \(bind: goalID)" + forUpdate(sql)).first(decoding: Row.self) else {
            throw AppError.notFound("Goal")
        }
        return row.record
    }

    /// Locks a child's row (PostgreSQL), the first lock of every goal change.
    static func lockChild(_ childID: UUID, on sql: SQLDatabase) async throws {
        guard sql.isPostgres else { return }
        try await sql.raw("SELECT id FROM children WHERE id = \(bind: childID) FOR UPDATE").run()
    }

    /// Locks all of a child's goals that take auto-transfers, in list order.
    static func lockAutoTransferGoals(ofChild childID: UUID, on db: Database) async throws -> [GoalRecord] {
        let sql = db.sql
        try await lockChild(childID, on: sql)
        return try await sql.raw(
            select + " WHERE child_id = \(bind: childID) AND auto_transfer_type <> \(bind: AutoTransferType.none.rawValue)"
                + " ORDER BY priority, created_at, id" + forUpdate(sql)
        ).all(decoding: Row.self).map(\.record)
    }

    private static func forUpdate(_ sql: SQLDatabase) -> SQLQueryString { sql.isPostgres ? " FOR UPDATE" : "" }
}
