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
    /// Read with the goal's lock (`GoalStore.lock`) and with a child's goal list: whether a
    /// matching rule and an Active challenge exist, so a deposit into a goal with neither, or a
    /// list of such goals, asks for neither. Nil when not read.
    var terms: Terms? = nil
    /// Read with the goal's lock: the milestone percents already marked achieved, so that
    /// settling a deposit into the locked goal need not ask for them. Nil when not read.
    var achievedMilestones: Set<Int>? = nil

    struct Terms: Sendable {
        var matchingRule: Bool
        var challenge: Bool
    }

    var progress: GoalProgress { GoalProgress(target: target, current: current) }
}

/// Reads goal rows, and locks them for a change.
enum GoalStore {
    /// A goal's row, read column by column rather than through `Decodable`: every goal list,
    /// and every contribution on the writer's thread, reads these, and the keyed decoding
    /// containers cost more than the columns themselves.
    private static func record(_ row: any SQLRow) throws -> GoalRecord {
        GoalRecord(
            id: try row.decode(column: "id", as: UUID.self), childID: try row.decode(column: "child_id", as: UUID.self),
            name: try row.decode(column: "name", as: String.self), description: try row.decode(column: "description", as: String?.self),
            target: Money(cents: try row.decode(column: "target_amount_cents", as: Int64.self)),
            current: Money(cents: try row.decode(column: "current_amount_cents", as: Int64.self)),
            imageURL: try row.decode(column: "image_url", as: String?.self),
            productURL: try row.decode(column: "product_url", as: String?.self),
            category: GoalCategory(rawValue: try row.decode(column: "category", as: Int.self)) ?? .other,
            targetDate: try row.decode(column: "target_date", as: Date?.self),
            status: GoalStatus(rawValue: try row.decode(column: "status", as: Int.self)) ?? .active,
            completedAt: try row.decode(column: "completed_at", as: Date?.self),
            purchasedAt: try row.decode(column: "purchased_at", as: Date?.self), priority: try row.decode(column: "priority", as: Int.self),
            autoTransferAmount: Money(cents: try row.decode(column: "auto_transfer_amount_cents", as: Int64.self)),
            autoTransferType: AutoTransferType(rawValue: try row.decode(column: "auto_transfer_type", as: Int.self)) ?? .none,
            createdAt: try row.decode(column: "created_at", as: Date.self))
    }

    /// Named with their table, so that a query may join the child's row (PostgreSQL's lock,
    /// `goalWithChild`).
    private static let selectColumns: SQLQueryString = """
        SELECT savings_goals.id, savings_goals.child_id, savings_goals.name, savings_goals.description, savings_goals.target_amount_cents,
               savings_goals.current_amount_cents, savings_goals.image_url, savings_goals.product_url, savings_goals.category,
               savings_goals.target_date, savings_goals.status, savings_goals.completed_at, savings_goals.purchased_at, savings_goals.priority,
               savings_goals.auto_transfer_amount_cents, savings_goals.auto_transfer_type, savings_goals.created_at
        """

    private static let select = selectColumns + " FROM savings_goals"

    /// The columns a lock reads besides the goal's (`GoalRecord.terms`).
    private static let termsColumns: SQLQueryString = """
        , EXISTS (SELECT 1 FROM parent_matching_rules r WHERE r.goal_id = savings_goals.id) AS has_matching_rule,
          EXISTS (SELECT 1 FROM goal_challenges c WHERE c.goal_id = savings_goals.id AND c.status = \(unsafeRaw: String(ChallengeStatus.active.rawValue))) AS has_challenge
        """

    /// The milestones already achieved, as one number: a bit for each of
    /// `GoalProgress.milestonePercents`, in order (`GoalRecord.achievedMilestones`).
    private static let achievedColumn = SQLQueryString(
        ", (SELECT COALESCE(SUM(CASE m.percent_complete "
            + GoalProgress.milestonePercents.enumerated().map { "WHEN \($1) THEN \(1 << $0) " }.joined()
            + "ELSE 0 END), 0) FROM goal_milestones m WHERE m.goal_id = savings_goals.id AND m.is_achieved = TRUE) AS achieved_milestones")

    /// A goal list's columns: the goal's and its terms.
    private static let listSelect = selectColumns + termsColumns + " FROM savings_goals"
    /// A lock's columns: a list's and the milestones achieved.
    private static let lockColumns = selectColumns + termsColumns + achievedColumn

    private static func listedRecord(_ row: any SQLRow) throws -> GoalRecord {
        var goal = try record(row)
        goal.terms = GoalRecord.Terms(
            matchingRule: try row.decode(column: "has_matching_rule", as: Bool.self),
            challenge: try row.decode(column: "has_challenge", as: Bool.self))
        return goal
    }

    private static func lockedRecord(_ row: any SQLRow) throws -> GoalRecord {
        var goal = try listedRecord(row)
        let bits = try row.decode(column: "achieved_milestones", as: Int64.self)
        goal.achievedMilestones = Set(GoalProgress.milestonePercents.enumerated().filter { bits & (1 << $0.offset) != 0 }.map(\.element))
        return goal
    }

    static func goal(_ id: UUID, on sql: SQLDatabase) async throws -> GoalRecord? {
        try await sql.raw(select + " WHERE id = \(bind: id)").first().map(record)
    }

    /// A goal with its child's row, if the child is of `familyID`: every request that names a
    /// goal reads both, and on PostgreSQL each query is a round trip.
    static func goalWithChild(_ id: UUID, inFamily familyID: UUID, on sql: SQLDatabase) async throws -> (GoalRecord, ChildRecord)? {
        let query =
            selectColumns + ", " + FamilyDirectory.columns(named: "kid_") + " FROM savings_goals"
            + FamilyDirectory.joined(to: "savings_goals.child_id")
            + " WHERE savings_goals.id = \(bind: id) AND c.family_id = \(bind: familyID)"
        guard let row = try await sql.raw(query).first() else { return nil }
        return (try record(row), try FamilyDirectory.record(row, named: "kid_"))
    }

    /// A child's goals in the order every list shows them: priority 1 first, then the oldest.
    static func goals(ofChild childID: UUID, statuses: [GoalStatus]? = nil, on sql: SQLDatabase) async throws -> [GoalRecord] {
        var query = listSelect + " WHERE child_id = \(bind: childID)"
        if let statuses {
            guard !statuses.isEmpty else { return [] }
            query = query + " AND status IN (\(binds: statuses.map(\.rawValue)))"
        }
        return try await sql.raw(query + " ORDER BY priority, created_at, id").all().map(listedRecord)
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
        // SQLite's writers take turns already. PostgreSQL locks the rows in the order of
        // `FOR UPDATE OF`: the child's first, like every goal change, then the goal's.
        let query =
            sql.isPostgres
            ? lockColumns + " FROM children JOIN savings_goals ON savings_goals.child_id = children.id"
                + " WHERE savings_goals.id = \(bind: goalID) FOR UPDATE OF children, savings_goals"
            : lockColumns + " FROM savings_goals WHERE savings_goals.id = \(bind: goalID)"
        guard let row = try await sql.raw(query).first() else { throw AppError.notFound("Goal") }
        return try lockedRecord(row)
    }

    /// Locks several goals with their children's rows, as `lock` locks one, in the order of the
    /// children's ids, and reads each with its child (PostgreSQL's posting groups,
    /// `PostingGroups`, which check who may see them). A goal that is gone is missing.
    static func lock(_ goalIDs: [UUID], on sql: PostgresPipeline) async throws -> [UUID: (goal: GoalRecord, child: ChildRecord)] {
        precondition(sql.isPostgres, "SQLite's writers take turns already")
        let rows = try await sql.raw(
            lockColumns + ", " + FamilyDirectory.columns(named: "kid_") + " FROM savings_goals"
                + FamilyDirectory.joined(to: "savings_goals.child_id") + " WHERE savings_goals.id" + .isOneOf(goalIDs, on: sql)
                + " ORDER BY c.id, savings_goals.id FOR UPDATE OF c, savings_goals"
        ).all()
        var goals: [UUID: (goal: GoalRecord, child: ChildRecord)] = [:]
        for row in rows {
            let goal = try lockedRecord(row)
            goals[goal.id] = (goal, try FamilyDirectory.record(row, named: "kid_"))
        }
        return goals
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
            lockColumns + " FROM savings_goals WHERE child_id = \(bind: childID)"
                + " AND auto_transfer_type <> \(bind: AutoTransferType.none.rawValue)"
                + " ORDER BY priority, created_at, id" + forUpdate(sql)
        ).all().map(lockedRecord)
    }

    private static func forUpdate(_ sql: SQLDatabase) -> SQLQueryString { sql.isPostgres ? " FOR UPDATE" : "" }
}
