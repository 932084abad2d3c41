import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation

/// One row per user who changed a preference; the id is the user's id. Users without a row
/// have the defaults of the App Screens document 5.3.
// @unchecked Sendable: see Family.
final class NotificationPreference: Model, @unchecked Sendable {
    static let schema = "notification_preferences"

    @ID(custom: .id, generatedBy: .user) var id: UUID?

    @Field(key: "notifications_enabled") var notificationsEnabled: Bool
    @Field(key: "transaction_alerts") var transactionAlerts: Bool
    @Field(key: "allowance_reminders") var allowanceReminders: Bool
    @Field(key: "balance_alerts") var balanceAlerts: Bool
    @Field(key: "low_balance_warning") var lowBalanceWarning: Bool
    @Field(key: "low_balance_threshold_cents") var lowBalanceThresholdCents: Int64
    @Field(key: "learning_alerts") var learningAlerts: Bool
    @Field(key: "streak_reminders") var streakReminders: Bool
    @Field(key: "weekly_summary") var weeklySummary: Bool
    @OptionalField(key: "quiet_hours_start") var quietHoursStart: String?
    @OptionalField(key: "quiet_hours_end") var quietHoursEnd: String?

    init() {}

    /// The defaults: notifications on, every type on, low-balance warning off at $10.00.
    init(userID: UUID) {
        self.id = userID
        notificationsEnabled = true
        transactionAlerts = true
        allowanceReminders = true
        balanceAlerts = true
        lowBalanceWarning = false
        lowBalanceThresholdCents = 1000
        learningAlerts = true
        streakReminders = true
        weeklySummary = true
    }

    func toDTO() -> NotificationPreferencesDto {
        NotificationPreferencesDto(
            notificationsEnabled: notificationsEnabled, transactionAlertsEnabled: transactionAlerts,
            allowanceRemindersEnabled: allowanceReminders, balanceAlertsEnabled: balanceAlerts,
            lowBalanceWarningEnabled: lowBalanceWarning, lowBalanceThreshold: Money(cents: lowBalanceThresholdCents),
            learningAlertsEnabled: learningAlerts, streakRemindersEnabled: streakReminders, weeklySummaryEnabled: weeklySummary,
            quietHoursStart: quietHoursStart, quietHoursEnd: quietHoursEnd)
    }

    /// Whether a notification of this type reaches the user.
    func allows(_ type: NotificationType) -> Bool {
        guard notificationsEnabled else { return false }
        switch type {
        case .transaction: return transactionAlerts
        case .allowance: return allowanceReminders
        case .lowBalance: return balanceAlerts && lowBalanceWarning
        case .system: return true
        case .recurringSkipped: return balanceAlerts
        // A parent has to act on it, so only the master switch silences it.
        case .approvalRequired: return true
        // Savings-goal news has no switch of its own: it follows the master switch.
        case .goalMilestone, .goalCompleted, .challengeCompleted, .challengeFailed: return true
        case .learningGoalCompleted, .learningGoalFailed, .badgeEarned: return learningAlerts
        case .streakAtRisk: return streakReminders
        case .weeklySummary: return weeklySummary
        }
    }

    /// Whether `time` falls in the quiet hours (which may run past midnight, 21:00 to 07:00).
    func isQuiet(at time: TimeOfDay) -> Bool {
        guard let start = quietHoursStart.flatMap(TimeOfDay.init(parsing:)), let end = quietHoursEnd.flatMap(TimeOfDay.init(parsing:))
        else {
            return false
        }
        return start <= end ? (start <= time && time < end) : (time >= start || time < end)
    }
}
