import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit

/// What one goal contribution row says. Every change to a goal's amount is one of these.
struct GoalRowPosting: Sendable {
    var goal: GoalRecord
    /// Positive into the goal, negative out of it.
    var amount: Money
    var type: ContributionType
    var description: String?
    var createdBy: UUID?
    var at: Date
    var sourceTransactionID: UUID? = nil
    var parentMatchID: UUID? = nil
    var matchingRuleID: UUID? = nil
    var giverName: String? = nil
}

/// Owns the goals' own ledger: the immutable contribution rows and the cached
/// `current_amount_cents` that must always equal their sum.
enum GoalRows {
    /// Records one row inside the caller's transaction: moves the cached amount with a
    /// conditional update (never below zero), then writes the row with the amount after it.
    /// Returns the row's id and the goal's new amount.
    @discardableResult
    static func record(_ posting: GoalRowPosting, on db: Database) async throws -> (id: UUID, balanceAfter: Money) {
        precondition(db.inTransaction, "a goal row is recorded inside a transaction")
        guard posting.amount != .zero else { throw AppError.validation("Amount must not be zero") }
        let sql = db.sql
        struct Amount: Decodable { let current_amount_cents: Int64, last_entry_number: Int64 }
        // The goal's row takes the row's number with its amount (`NumberEntriesOnTheirOwners`),
        // and is locked by this transaction until it commits, so the number is ours alone.
        let updated = try await sql.raw(
            """
            UPDATE savings_goals SET current_amount_cents = current_amount_cents + \(bind: posting.amount.cents), updated_at = \(bind: posting.at),
                last_entry_number = last_entry_number + 1
            WHERE id = \(bind: posting.goal.id) AND current_amount_cents + \(bind: posting.amount.cents) >= 0
            RETURNING current_amount_cents, last_entry_number
            """
        ).first(decoding: Amount.self)
        guard let updated else { throw try await shortfall(of: posting.goal, on: sql) }
        let id = UUID.timeOrdered()
        try await sql.raw(
            """
            INSERT INTO savings_contributions (id, goal_id, child_id, amount_cents, type, goal_balance_after_cents, source_transaction_id,
                                               parent_match_id, matching_rule_id, description, created_by, created_at, entry_number, giver_name)
            VALUES (\(bind: id), \(bind: posting.goal.id), \(bind: posting.goal.childID), \(bind: posting.amount.cents), \(bind: posting.type.rawValue),
                    \(bind: updated.current_amount_cents), \(bind: posting.sourceTransactionID), \(bind: posting.parentMatchID),
                    \(bind: posting.matchingRuleID), \(bind: posting.description), \(bind: posting.createdBy), \(bind: posting.at),
                    \(bind: updated.last_entry_number), \(bind: posting.giverName))
            """
        ).run()
        return (id, Money(cents: updated.current_amount_cents))
    }

    /// Records deposits into different goals, each locked by the caller's PostgreSQL transaction
    /// (`GoalStore.lock`), in one statement: what `record` does for one, for a posting group's
    /// contributions (`PostingGroups`). Returns each goal's new amount.
    static func recordEach(_ deposits: [GoalRowPosting], on sql: SQLDatabase) async throws -> [UUID: Money] {
        precondition(sql.isPostgres, "PostgreSQL runs the update of a `WITH`; SQLite's groups are `GroupCommit`'s")
        precondition(Set(deposits.map(\.goal.id)).count == deposits.count, "one row per goal in a statement")
        precondition(deposits.allSatisfy(\.amount.isPositive), "only deposits: no amount can go below zero")
        guard !deposits.isEmpty else { return [:] }
        let rows = SQLRows(
            .ids(deposits.map { _ in UUID.timeOrdered() }), .ids(deposits.map(\.goal.id)), .ids(deposits.map(\.goal.childID)),
            .integers(deposits.map(\.amount.cents)), .integers(deposits.map { Int64($0.type.rawValue) }),
            .optionalIDs(deposits.map(\.sourceTransactionID)), .optionalTexts(deposits.map(\.description)),
            .optionalIDs(deposits.map(\.createdBy)), .dates(deposits.map(\.at)))
        // The update runs first, and the insert takes each goal's amount and number after it.
        // Each goal's row is locked already, so each number is ours alone.
        let moved: SQLQueryString =
            "UPDATE savings_goals SET current_amount_cents = savings_goals.current_amount_cents + v.column4, updated_at = v.column9,"
            + " last_entry_number = savings_goals.last_entry_number + 1 FROM " + rows.table(on: sql)
            + " WHERE savings_goals.id = v.column2 RETURNING savings_goals.id, savings_goals.current_amount_cents, savings_goals.last_entry_number"
        let inserted: SQLQueryString =
            """
            INSERT INTO savings_contributions (id, goal_id, child_id, amount_cents, type, goal_balance_after_cents, source_transaction_id,
                                               description, created_by, created_at, entry_number)
            SELECT v.column1, v.column2, v.column3, v.column4, v.column5, moved.current_amount_cents, v.column6, v.column7, v.column8, v.column9,
                   moved.last_entry_number
            FROM
            """ + rows.table(on: sql) + " JOIN moved ON moved.id = v.column2 RETURNING goal_id, goal_balance_after_cents"
        var amounts: [UUID: Money] = [:]
        for row in try await sql.raw("WITH moved AS (" + moved + ") " + inserted).all() {
            let amount = try row.decode(column: "goal_balance_after_cents", as: Int64.self)
            amounts[try row.decode(column: "goal_id", as: UUID.self)] = Money(cents: amount)
        }
        guard amounts.count == deposits.count else { throw AppError.notFound("Goal") }
        return amounts
    }

    private static func shortfall(of goal: GoalRecord, on sql: SQLDatabase) async throws -> AppError {
        guard let fresh = try await GoalStore.goal(goal.id, on: sql) else { return .notFound("Goal") }
        return AppError.insufficientGoalBalance(fresh.name, saved: fresh.current)
    }

    /// What the child saved into a goal (own deposits and auto-transfers) from an instant, and
    /// before another when given: what the saving pace and a challenge count. Summed by the
    /// database along its (goal, time) index, so a goal with thousands of deposits costs the same.
    static func saved(intoGoal goalID: UUID, from start: Date, before end: Date? = nil, on sql: SQLDatabase) async throws -> Money {
        try await saved(in: [SavedSpan(goalID: goalID, start: start, end: end)], on: sql)[0]
    }

    /// A stretch of one goal's history whose savings are summed.
    struct SavedSpan: Sendable {
        var goalID: UUID
        var start: Date
        var end: Date?
    }

    /// The savings of each span, in order, in one statement: a list of goals asks for several.
    static func saved(in spans: [SavedSpan], on sql: SQLDatabase) async throws -> [Money] {
        guard !spans.isEmpty else { return [] }
        struct Row: Decodable {
            let span: Int
            let saved: Int64?
        }
        let rows = try await sql.raw(savedQuery(in: spans)).all(decoding: Row.self)
        var saved = Array(repeating: Money.zero, count: spans.count)
        for row in rows { saved[row.span] = Money(cents: row.saved ?? 0) }
        return saved
    }

    /// One sum per span, read from the index alone (`AddQueryIndexes.goalSavingSums`).
    static func savedQuery(in spans: [SavedSpan]) -> SQLQueryString {
        let savingTypes = ContributionType.allCases.filter(\.isChildSaving).map(\.rawValue)
        // Closed on both sides even without an end, so PostgreSQL keeps one plan (`PostgresPreparedDatabase`).
        let sums = spans.enumerated().map { index, span -> SQLQueryString in
            """
            SELECT \(unsafeRaw: String(index)) AS span, CAST(SUM(amount_cents) AS BIGINT) AS saved FROM savings_contributions
            WHERE goal_id = \(bind: span.goalID) AND created_at >= \(bind: span.start) AND created_at < \(bind: span.end ?? .distantFuture)
            AND type IN (\(binds: savingTypes))
            """
        }
        return sums.joined(separator: " UNION ALL ")
    }
}

// MARK: - History

/// Filters of a goal's contribution history (all optional).
struct ContributionFilter: Sendable {
    var type: ContributionType?
    var from: Date?
    var to: Date?
    var limit: Int = 200
}

extension GoalRows {
    /// A goal's rows, newest first.
    static func list(goalID: UUID, filter: ContributionFilter, on sql: SQLDatabase) async throws -> [ContributionDto] {
        struct Row: Decodable {
            let id: UUID, amount_cents: Int64, type: Int, goal_balance_after_cents: Int64, description: String?, created_at: Date
            let creator_first: String?, creator_last: String?, giver_name: String?
        }
        var query: SQLQueryString = """
            SELECT s.id, s.amount_cents, s.type, s.goal_balance_after_cents, s.description, s.created_at,
                   u.first_name AS creator_first, u.last_name AS creator_last, s.giver_name
            FROM savings_contributions s LEFT JOIN users u ON u.id = s.created_by
            WHERE s.goal_id = \(bind: goalID)
            """
        if let type = filter.type { query = query + " AND s.type = \(bind: type.rawValue)" }
        if let from = filter.from { query = query + " AND s.created_at >= \(bind: from)" }
        if let to = filter.to { query = query + " AND s.created_at < \(bind: to)" }
        query = query + " ORDER BY s.created_at DESC, s.entry_number DESC LIMIT \(bind: filter.limit)"
        return try await sql.raw(query).all(decoding: Row.self).map { row in
            ContributionDto(
                id: row.id, amount: Money(cents: row.amount_cents), type: ContributionType(rawValue: row.type) ?? .childDeposit,
                goalBalanceAfter: Money(cents: row.goal_balance_after_cents), description: row.description, createdAt: row.created_at,
                createdByName: row.creator_first.map { [$0, row.creator_last ?? ""].joined(separator: " ") }, giverName: row.giver_name)
        }
    }
}
