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
    }

    func toDTO() -> NotificationPreferencesDto {
        NotificationPreferencesDto(
            notificationsEnabled: notificationsEnabled, transactionAlertsEnabled: transactionAlerts,
            allowanceRemindersEnabled: allowanceReminders, balanceAlertsEnabled: balanceAlerts,
            lowBalanceWarningEnabled: lowBalanceWarning, lowBalanceThreshold: Money(cents: lowBalanceThresholdCents))
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
        // Learning news follows the master switch too, until it has switches of its own.
        case .learningGoalCompleted, .learningGoalFailed, .badgeEarned: return true
        }
    }
}
