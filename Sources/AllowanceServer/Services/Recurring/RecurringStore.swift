import AllowanceAPI
import AllowanceCore
import Foundation
import SQLKit
import Vapor

/// A recurring transaction with its child's name, balance and family zone, read in one query.
struct RecurringRow: Decodable, Sendable {
    let id: UUID, child_id: UUID, name: String, amount_cents: Int64, type: String, category: String?, description: String?
    let pattern: Int, day_of_week: Int?, day_of_month: Int?, time_of_day_seconds: Int?
    let start_date: Date, end_date: Date?, max_occurrences: Int?, occurrence_count: Int
    let last_executed_at: Date?, next_execution_date: Date
    let is_active: Bool, is_paused: Bool, requires_approval: Bool, created_by: UUID?, created_at: Date
    let family_id: UUID, child_first_name: String, child_balance_cents: Int64, time_zone: String

    var amount: Money { Money(cents: amount_cents) }
    var transactionType: TransactionType { TransactionType(rawValue: type) ?? .debit }
    var calendar: FamilyCalendar { FamilyCalendar(identifier: time_zone) ?? FamilyCalendar(timeZone: .gmt) }
    /// What a posting of it says: its description, or its name when it has none.
    var postingDescription: String { description ?? name }

    var rule: RecurrenceRule {
        RecurrenceRule(
            pattern: RecurrencePattern(rawValue: pattern) ?? .daily, dayOfWeek: day_of_week.flatMap(Weekday.init(rawValue:)),
            dayOfMonth: day_of_month, timeOfDay: time_of_day_seconds.flatMap(TimeOfDay.init(secondsSinceMidnight:)), startDate: start_date)
    }

    var dto: RecurringTransactionDto {
        RecurringTransactionDto(
            id: id, childId: child_id, childName: child_first_name, name: name, amount: amount, type: transactionType, category: category,
            description: description, pattern: rule.pattern, patternDescription: rule.patternDescription(in: calendar),
            dayOfWeek: day_of_week,
            dayOfMonth: day_of_month, timeOfDay: rule.timeOfDay, startDate: start_date, endDate: end_date, maxOccurrences: max_occurrences,
            occurrenceCount: occurrence_count, lastExecutedAt: last_executed_at, nextExecutionDate: next_execution_date,
            isActive: is_active,
            isPaused: is_paused, requiresApproval: requires_approval, createdAt: created_at)
    }
}

/// Reads recurring transactions, always scoped so that a query cannot return another
/// family's rows.
enum RecurringStore {
    private static let select: SQLQueryString = """
        SELECT r.id, r.child_id, r.name, r.amount_cents, r.type, r.category, r.description, r.pattern, r.day_of_week, r.day_of_month,
               r.time_of_day_seconds, r.start_date, r.end_date, r.max_occurrences, r.occurrence_count, r.last_executed_at,
               r.next_execution_date, r.is_active, r.is_paused, r.requires_approval, r.created_by, r.created_at,
               c.family_id, u.first_name AS child_first_name, c.balance_cents AS child_balance_cents, f.time_zone
        FROM recurring_transactions r JOIN children c ON c.id = r.child_id JOIN users u ON u.id = c.user_id
        JOIN families f ON f.id = c.family_id
        """

    /// One row by id, whatever its family (for the job); callers acting for a person use `row(_:inFamily:)`.
    static func row(_ id: UUID, on sql: SQLDatabase) async throws -> RecurringRow? {
        try await sql.raw(select + " WHERE r.id = \(bind: id)").first(decoding: RecurringRow.self)
    }

    static func row(_ id: UUID, inFamily familyID: UUID, on sql: SQLDatabase) async throws -> RecurringRow? {
        try await sql.raw(select + " WHERE r.id = \(bind: id) AND c.family_id = \(bind: familyID)").first(decoding: RecurringRow.self)
    }

    /// A family's (or one child's) recurring transactions, next due first.
    static func list(familyID: UUID, childID: UUID?, on sql: SQLDatabase) async throws -> [RecurringRow] {
        var query = select + " WHERE c.family_id = \(bind: familyID)"
        if let childID { query = query + " AND r.child_id = \(bind: childID)" }
        return try await sql.raw(query + " ORDER BY r.next_execution_date, r.created_at").all(decoding: RecurringRow.self)
    }

    /// Ids of active, running schedules due by `now`, oldest due first (of one family when scoped).
    static func dueIDs(now: Date, scope familyID: UUID?, on sql: SQLDatabase) async throws -> [UUID] {
        struct Row: Decodable { let id: UUID }
        var query: SQLQueryString = """
            SELECT r.id FROM recurring_transactions r JOIN children c ON c.id = r.child_id
            WHERE r.is_active = \(bind: true) AND r.is_paused = \(bind: false) AND r.next_execution_date <= \(bind: now)
            """
        if let familyID { query = query + " AND c.family_id = \(bind: familyID)" }
        return try await sql.raw(query + " ORDER BY r.next_execution_date, r.id").all(decoding: Row.self).map(\.id)
    }
}
