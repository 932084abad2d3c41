import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit

/// The per-user notification store. Every capability that tells someone something calls
/// `notify`, which honours that person's preferences.
enum NotificationService {
    /// The highest low-balance warning a parent may set.
    static let largestThreshold = Money(cents: 100_000_00)

    static func preferences(of userID: UUID, on db: Database) async throws -> NotificationPreference {
        try await NotificationPreference.find(userID, on: db) ?? NotificationPreference(userID: userID)
    }

    /// Each parent of the family with the balance below which they want a warning (theirs, or
    /// the default), in one query: every debit asks.
    static func lowBalanceThresholds(ofParentsIn familyID: UUID, on sql: any SQLDatabase) async throws -> [(UUID, Money)] {
        try await lowBalanceThresholds(ofParentsIn: [familyID], on: sql)[familyID] ?? []
    }

    /// The same for several families, by family, in one query: a posting group (`PostingGroups`)
    /// asks for all the families of its debits at once, where a query each took a round trip each.
    static func lowBalanceThresholds(ofParentsIn familyIDs: [UUID], on sql: any SQLDatabase) async throws -> [UUID: [(UUID, Money)]] {
        struct Row: Decodable {
            let family_id: UUID
            let id: UUID
            let threshold: Int64
        }
        let rows = try await sql.raw(
            """
            SELECT users.family_id, users.id, COALESCE(p.low_balance_threshold_cents, \(bind: NotificationPreference.defaultThreshold.cents)) AS threshold
            FROM users LEFT JOIN notification_preferences p ON p.id = users.id
            WHERE users.family_id
            """ + .isOneOf(familyIDs, on: sql) + " AND users.role = \(bind: UserRole.parent.rawValue)"
        ).all(decoding: Row.self)
        return Dictionary(grouping: rows, by: \.family_id).mapValues { rows in rows.map { ($0.id, Money(cents: $0.threshold)) } }
    }

    /// Stores a notification unless the user turned this kind off, in one statement that reads
    /// the preference itself. Inside a group commit's writer it is stored with the group's other
    /// notifications after the last writer (`NotificationBatch`), in the same transaction.
    static func notify(
        _ userID: UUID, type: NotificationType, title: String, message: String, childID: UUID? = nil, at now: Date, on db: Database
    ) async throws {
        try await notify(NotificationBatch.Row(userID, type: type, title: title, message: message, childID: childID, at: now), on: db)
    }

    /// Stores `row` as `notify` does.
    static func notify(_ row: NotificationBatch.Row, on db: Database) async throws {
        if let batch = NotificationBatch.current {
            batch.add(row)
        } else {
            try await NotificationBatch.store([row], on: db.sql)
        }
    }

    /// The user's newest notifications and how many are unread. Written out in SQL, not built
    /// through the model: every page and the app's badge ask for these. The count is a column
    /// of the same query, one round trip rather than two: the subquery names nothing of the
    /// outer rows, so each database works it out once. With no rows (`limit` is at least 1),
    /// the user has no notifications, or none unread when only those are asked for: 0.
    ///
    /// The one index is by user, read state and time (`AddQueryIndexes.notificationsByReadState`),
    /// so the whole list is the unread range and the read range, each newest first, merged as
    /// they are read, stopping at the limit. SQLite merges a bare `UNION ALL` so (`MERGE (UNION
    /// ALL)`); PostgreSQL planned it as both ranges whole and a sort (0.6 ms for a user with 700
    /// notifications), so there each range is limited too, which it merges (`Merge Append`,
    /// 0.3 ms, as the list by time alone took). SQLite allows no limit on a range without a
    /// subquery, whose rows it then sorted again (113 µs against 47 bare).
    static func list(for userID: UUID, unreadOnly: Bool, limit: Int, on db: Database) async throws -> NotificationListResponse {
        precondition(limit >= 1, "a list of no notifications would not carry the unread count")
        struct Row: Decodable {
            let id: UUID, type: String, title: String, message: String, child_id: UUID?, is_read: Bool, created_at: Date
            let read_at: Date?, unread: Int
        }
        func range(read: Bool) -> SQLQueryString {
            """
            SELECT id, type, title, message, child_id, is_read, created_at, read_at,
                   (SELECT COUNT(*) FROM notifications WHERE user_id = \(bind: userID) AND is_read = FALSE) AS unread
            FROM notifications WHERE user_id = \(bind: userID) AND is_read = \(unsafeRaw: read ? "TRUE" : "FALSE")
            """
        }
        let newest: SQLQueryString = " ORDER BY created_at DESC LIMIT \(unsafeRaw: String(limit))"
        let query: SQLQueryString =
            if unreadOnly {
                range(read: false) + newest
            } else if db.sql.isPostgres {
                "(" + range(read: false) + newest + ") UNION ALL (" + range(read: true) + newest + ")" + newest
            } else {
                range(read: false) + " UNION ALL " + range(read: true) + newest
            }
        let rows = try await db.sql.raw(query).all(decoding: Row.self)
        let notifications = rows.map {
            NotificationDto(
                id: $0.id, type: NotificationType(rawValue: $0.type) ?? .system, title: $0.title, message: $0.message, childId: $0.child_id,
                isRead: $0.is_read, createdAt: $0.created_at, readAt: $0.read_at)
        }
        return NotificationListResponse(notifications: notifications, unreadCount: rows.first?.unread ?? 0)
    }

    static func unreadCount(for userID: UUID, on db: Database) async throws -> Int {
        struct Count: Decodable { let count: Int }
        let row = try await db.sql.raw(
            "SELECT COUNT(*) AS count FROM notifications WHERE user_id = \(bind: userID) AND is_read = FALSE"
        ).first(decoding: Count.self)
        return row?.count ?? 0
    }

    /// Marks one of the user's notifications read; another user's id is "not found".
    static func markRead(_ id: UUID, for userID: UUID, in context: ServiceContext) async throws -> NotificationDto {
        let now = context.now
        return try await context.write { db in try await markRead(id, for: userID, at: now, on: db) }
    }

    private static func markRead(_ id: UUID, for userID: UUID, at now: Date, on db: Database) async throws -> NotificationDto {
        guard let item = try await AppNotification.query(on: db).filter(\.$id == id).filter(\.$user.$id == userID).first() else {
            throw AppError.notFound("Notification")
        }
        if !item.isRead {
            item.isRead = true
            item.readAt = now
            try await item.save(on: db)
        }
        return item.toDTO()
    }

    static func markAllRead(for userID: UUID, in context: ServiceContext) async throws {
        let now = context.now
        try await context.write { db in
            try await AppNotification.query(on: db).filter(\.$user.$id == userID).filter(\.$isRead == false)
                .set(\.$isRead, to: true).set(\.$readAt, to: now).update()
        }
    }

    static func updatePreferences(of userID: UUID, with update: NotificationPreferencesDto, in context: ServiceContext) async throws
        -> NotificationPreferencesDto
    {
        try await context.write { db in try await updatePreferences(of: userID, with: update, on: db) }
    }

    private static func updatePreferences(of userID: UUID, with update: NotificationPreferencesDto, on db: Database) async throws
        -> NotificationPreferencesDto
    {
        if let threshold = update.lowBalanceThreshold, threshold.isNegative || threshold > largestThreshold {
            throw AppError.validation("Low balance threshold must be between $0.00 and $100,000.00")
        }
        let preference = try await preferences(of: userID, on: db)
        if let value = update.notificationsEnabled { preference.notificationsEnabled = value }
        if let value = update.transactionAlertsEnabled { preference.transactionAlerts = value }
        if let value = update.allowanceRemindersEnabled { preference.allowanceReminders = value }
        if let value = update.balanceAlertsEnabled { preference.balanceAlerts = value }
        if let value = update.lowBalanceWarningEnabled { preference.lowBalanceWarning = value }
        if let value = update.lowBalanceThreshold { preference.lowBalanceThresholdCents = value.cents }
        if let value = update.learningAlertsEnabled { preference.learningAlerts = value }
        if let value = update.streakRemindersEnabled { preference.streakReminders = value }
        if let value = update.weeklySummaryEnabled { preference.weeklySummary = value }
        if let value = update.quietHoursStart { preference.quietHoursStart = try quietTime(value, "quietHoursStart") }
        if let value = update.quietHoursEnd { preference.quietHoursEnd = try quietTime(value, "quietHoursEnd") }
        if (preference.quietHoursStart == nil) != (preference.quietHoursEnd == nil) {
            throw AppError.unprocessable("Quiet hours need both a start and an end, such as 21:00 and 07:00")
        }
        try await preference.save(on: db)
        return preference.toDTO()
    }

    /// "21:00" (stored as HH:mm), or nil for an empty string.
    private static func quietTime(_ text: String, _ name: String) throws -> String? {
        let trimmed = text.trimmingCharacters(in: .patternWhitespace)
        if trimmed.isEmpty { return nil }
        guard let time = TimeOfDay(parsing: trimmed) else { throw AppError.validation("\(name) must be a time such as 21:00") }
        return String(format: "%02d:%02d", time.hour, time.minute)
    }
}
