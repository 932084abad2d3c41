import AllowanceAPI
import AllowanceCore
import Foundation
import SQLKit
import Vapor

/// A child with the names and family facts every read needs, loaded in one query.
struct ChildRecord: Sendable {
    let id: UUID
    let userID: UUID
    let familyID: UUID
    /// Nil for a child without a login.
    let email: String?
    let firstName: String
    let lastName: String
    let balance: Money
    let weeklyAllowance: Money
    let allowanceDay: Weekday
    let allowancePaused: Bool
    let createdAt: Date
    /// When the allowance last started running again: a pause ended, or an allowance was set
    /// where there was none (`AllowancePauseService`, `ChildService`).
    let allowanceResumedAt: Date?
    let familyName: String
    let calendar: FamilyCalendar

    var fullName: String { "\(firstName) \(lastName)" }

    func response(now: Date) -> ChildResponse {
        let paydays = shownPaydays(now: now)
        return ChildResponse(
            id: id, userId: userID, email: email, firstName: firstName, lastName: lastName, currentBalance: balance,
            weeklyAllowance: weeklyAllowance, allowanceDay: allowanceDay, lastAllowanceDate: paydays.last,
            nextAllowanceDate: paydays.next, allowancePaused: allowancePaused, createdAt: createdAt)
    }

    /// The last and next paydays a parent or child is shown: none while the allowance is
    /// paused or there is none, and neither from before the child was added or the allowance
    /// last started running again (the payday run owes none of those, `PaydayService.OwedChild`).
    func shownPaydays(now: Date) -> (last: Date?, next: Date?) {
        guard weeklyAllowance.isPositive, !allowancePaused else { return (nil, nil) }
        let since = max(createdAt, allowanceResumedAt ?? createdAt)
        let next = AllowanceSchedule(day: allowanceDay, calendar: calendar).nextPayday(from: now, joined: since)
        let last = calendar.startOfDay(calendar.adding(days: -7, to: next))
        return (last > since ? last : nil, next)
    }

    /// Days to the next payday shown (0 on payday), or nil when none is shown.
    func daysUntilNextPayday(now: Date) -> Int? {
        shownPaydays(now: now).next.map { calendar.daysBetween(now, $0) }
    }
}

/// Looks children up, always within one family: the query itself cannot return another
/// family's child, so a wrong id and a foreign id both read "not found".
enum FamilyDirectory {
    /// A child's row as `columns(named:)` names it, read column by column rather than through
    /// `Decodable`: every request that names a child and every posting reads one, and the keyed
    /// decoding containers cost more than the columns themselves.
    static func record(_ row: any SQLRow, named prefix: String = "") throws -> ChildRecord {
        record(
            Columns(
                id: try row.decode(column: prefix + "id", as: UUID.self), userID: try row.decode(column: prefix + "user_id", as: UUID.self),
                familyID: try row.decode(column: prefix + "family_id", as: UUID.self),
                email: try row.decode(column: prefix + "email", as: String.self),
                firstName: try row.decode(column: prefix + "first_name", as: String.self),
                lastName: try row.decode(column: prefix + "last_name", as: String.self),
                balanceCents: try row.decode(column: prefix + "balance_cents", as: Int64.self),
                weeklyAllowanceCents: try row.decode(column: prefix + "weekly_allowance_cents", as: Int64.self),
                allowanceDay: try row.decode(column: prefix + "allowance_day", as: Int.self),
                allowancePaused: try row.decode(column: prefix + "allowance_paused", as: Bool.self),
                createdAt: try row.decode(column: prefix + "created_at", as: Date?.self),
                allowanceResumedAt: try row.decode(column: prefix + "allowance_resumed_at", as: Date?.self),
                familyName: try row.decode(column: prefix + "family_name", as: String.self),
                timeZone: try row.decode(column: prefix + "time_zone", as: String.self)))
    }

    /// A child's columns as `select` reads them (and the session lookup, `SessionStore.positionalQuery`).
    struct Columns {
        let id: UUID, userID: UUID, familyID: UUID, email: String, firstName: String, lastName: String
        let balanceCents: Int64, weeklyAllowanceCents: Int64, allowanceDay: Int, allowancePaused: Bool, createdAt: Date?
        let allowanceResumedAt: Date?, familyName: String, timeZone: String
    }

    static func record(_ columns: Columns) -> ChildRecord {
        ChildRecord(
            id: columns.id, userID: columns.userID, familyID: columns.familyID, email: User.loginEmail(columns.email),
            firstName: columns.firstName, lastName: columns.lastName, balance: Money(cents: columns.balanceCents),
            weeklyAllowance: Money(cents: columns.weeklyAllowanceCents),
            allowanceDay: Weekday(rawValue: columns.allowanceDay) ?? .saturday, allowancePaused: columns.allowancePaused,
            createdAt: columns.createdAt ?? .distantPast, allowanceResumedAt: columns.allowanceResumedAt, familyName: columns.familyName,
            calendar: FamilyCalendar(identifier: columns.timeZone) ?? FamilyCalendar(timeZone: .gmt))
    }

    /// A child's columns: each read from `c` (the child), `u` (their login) or `f` (the
    /// family), as `joined(to:)` joins them, and its name.
    private static let columnList: [(expression: String, name: String)] = [
        ("c.id", "id"), ("c.user_id", "user_id"), ("c.family_id", "family_id"), ("u.email", "email"), ("u.first_name", "first_name"),
        ("u.last_name", "last_name"), ("c.balance_cents", "balance_cents"), ("c.weekly_allowance_cents", "weekly_allowance_cents"),
        ("c.allowance_day", "allowance_day"), ("c.allowance_paused", "allowance_paused"), ("c.created_at", "created_at"),
        ("c.allowance_resumed_at", "allowance_resumed_at"), ("f.name", "family_name"), ("f.time_zone", "time_zone"),
    ]

    /// A child's columns, each name after `prefix`: a query that reads a child beside another
    /// row names them apart (`record(_:named:)` reads them).
    static func columns(named prefix: String = "") -> SQLQueryString {
        SQLQueryString(columnList.map { "\($0.expression) AS \(prefix)\($0.name)" }.joined(separator: ", "))
    }

    /// The child `c`'s login `u` and family `f`.
    private static let loginAndFamily: SQLQueryString = " JOIN users u ON u.id = c.user_id JOIN families f ON f.id = c.family_id"

    /// The child `c` whose id is `childID` (a column of the query's), with their login `u` and
    /// their family `f`.
    static func joined(to childID: String) -> SQLQueryString {
        " JOIN children c ON c.id = \(unsafeRaw: childID)" + loginAndFamily
    }

    private static let select: SQLQueryString = "SELECT " + columns() + " FROM children c" + loginAndFamily

    static func child(_ id: UUID, inFamily familyID: UUID, on sql: SQLDatabase) async throws -> ChildRecord? {
        try await sql.raw(select + " WHERE c.id = \(bind: id) AND c.family_id = \(bind: familyID)").first().map { try record($0) }
    }

    static func children(ofFamily familyID: UUID, on sql: SQLDatabase) async throws -> [ChildRecord] {
        try await sql.raw(select + " WHERE c.family_id = \(bind: familyID) ORDER BY u.first_name, c.created_at")
            .all().map { try record($0) }
    }

    struct FamilyRow: Decodable {
        let id: UUID
        let name: String
        let time_zone: String
        let created_at: Date?
    }

    static func family(_ id: UUID, on sql: SQLDatabase) async throws -> FamilyRow? {
        try await sql.raw("SELECT id, name, time_zone, created_at FROM families WHERE id = \(bind: id)").first(decoding: FamilyRow.self)
    }

    /// The user ids of a family's parents (who receive the family's alerts).
    static func parentUserIDs(ofFamily familyID: UUID, on sql: SQLDatabase) async throws -> [UUID] {
        struct Row: Decodable { let id: UUID }
        return try await sql.raw("SELECT id FROM users WHERE family_id = \(bind: familyID) AND role = \(bind: UserRole.parent.rawValue)")
            .all(decoding: Row.self).map(\.id)
    }
}
