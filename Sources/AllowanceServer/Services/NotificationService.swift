import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation

/// The per-user notification store. Every capability that tells someone something calls
/// `notify`, which honours that person's preferences.
enum NotificationService {
    /// The highest low-balance warning a parent may set.
    static let largestThreshold = Money(cents: 100_000_00)

    static func preferences(of userID: UUID, on db: Database) async throws -> NotificationPreference {
        try await NotificationPreference.find(userID, on: db) ?? NotificationPreference(userID: userID)
    }

    /// Stores a notification unless the user turned this kind off. Returns whether it was stored.
    @discardableResult
    static func notify(
        _ userID: UUID, type: NotificationType, title: String, message: String, childID: UUID? = nil, at now: Date, on db: Database
    ) async throws -> Bool {
        guard try await preferences(of: userID, on: db).allows(type) else { return false }
        let notification = AppNotification()
        notification.$user.id = userID
        notification.type = type
        notification.title = title
        notification.message = message
        notification.childID = childID
        notification.isRead = false
        notification.createdAt = now
        try await notification.create(on: db)
        return true
    }

    static func list(for userID: UUID, unreadOnly: Bool, limit: Int, on db: Database) async throws -> NotificationListResponse {
        var query = AppNotification.query(on: db).filter(\.$user.$id == userID)
        if unreadOnly { query = query.filter(\.$isRead == false) }
        let items = try await query.sort(\.$createdAt, .descending).limit(limit).all()
        return NotificationListResponse(notifications: items.map { $0.toDTO() }, unreadCount: try await unreadCount(for: userID, on: db))
    }

    static func unreadCount(for userID: UUID, on db: Database) async throws -> Int {
        try await AppNotification.query(on: db).filter(\.$user.$id == userID).filter(\.$isRead == false).count()
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
