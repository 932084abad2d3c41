import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit

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

    /// The low-balance warning's threshold until a parent sets one.
    static let defaultThreshold = Money(cents: 1000)

    /// The defaults: notifications on, every type on, low-balance warning off at $10.00.
    init(userID: UUID) {
        self.id = userID
        notificationsEnabled = true
        transactionAlerts = true
        allowanceReminders = true
        balanceAlerts = true
        lowBalanceWarning = false
        lowBalanceThresholdCents = Self.defaultThreshold.cents
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

    /// The switches that must all be on for a notification of this type to reach the user
    /// (none: it always does). One list serves both the stored preferences (`allows`) and the
    /// SQL that stores notifications only for those who want them (`allowsSQL`).
    static func switches(for type: NotificationType) -> [Switch] {
        switch type {
        case .system: return []
        case .transaction: return [.notifications, .transactions]
        case .allowance: return [.notifications, .allowances]
        case .lowBalance: return [.notifications, .balances, .lowBalanceWarning]
        case .recurringSkipped: return [.notifications, .balances]
        // A parent has to act on it, so only the master switch silences it.
        case .approvalRequired: return [.notifications]
        // Savings-goal news has no switch of its own: it follows the master switch.
        case .goalMilestone, .goalCompleted, .challengeCompleted, .challengeFailed: return [.notifications]
        case .learningGoalCompleted, .learningGoalFailed, .badgeEarned: return [.notifications, .learning]
        case .streakAtRisk: return [.notifications, .streaks]
        case .weeklySummary: return [.notifications, .weeklySummary]
        }
    }

    /// One on/off preference, named by its column.
    enum Switch: String, CaseIterable {
        case notifications = "notifications_enabled"
        case transactions = "transaction_alerts"
        case allowances = "allowance_reminders"
        case balances = "balance_alerts"
        case lowBalanceWarning = "low_balance_warning"
        case learning = "learning_alerts"
        case streaks = "streak_reminders"
        case weeklySummary = "weekly_summary"
    }

    func isOn(_ preference: Switch) -> Bool {
        switch preference {
        case .notifications: return notificationsEnabled
        case .transactions: return transactionAlerts
        case .allowances: return allowanceReminders
        case .balances: return balanceAlerts
        case .lowBalanceWarning: return lowBalanceWarning
        case .learning: return learningAlerts
        case .streaks: return streakReminders
        case .weeklySummary: return weeklySummary
        }
    }

    /// Whether a notification of this type reaches the user.
    func allows(_ type: NotificationType) -> Bool {
        Self.switches(for: type).allSatisfy(isOn)
    }

    /// Whether a notification of this type gets through, as one SQL boolean over a
    /// `notification_preferences` row named `row`, outer-joined: its switches, or the defaults
    /// when the user never changed any (the row's columns are then NULL).
    static func allowsSQL(_ type: NotificationType, row: String) -> SQLQueryString {
        let switches = switches(for: type)
        guard !switches.isEmpty else { return "TRUE" }
        let allOn = switches.map { "\(row).\($0.rawValue)" }.joined(separator: " AND ")
        return "COALESCE(\(unsafeRaw: allOn), \(bind: allowedByDefault.contains(type)))"
    }

    /// The types a user who never changed a switch gets, worked out once: every notification
    /// stored asks, and a new model (with its fields) and a random id each time cost more than
    /// the rest of building the statement.
    private static let allowedByDefault = Set(NotificationType.allCases.filter { NotificationPreference(userID: UUID()).allows($0) })

    /// Whether `time` falls in the quiet hours (which may run past midnight, 21:00 to 07:00).
    func isQuiet(at time: TimeOfDay) -> Bool {
        guard let start = quietHoursStart.flatMap(TimeOfDay.init(parsing:)), let end = quietHoursEnd.flatMap(TimeOfDay.init(parsing:))
        else {
            return false
        }
        return start <= end ? (start <= time && time < end) : (time >= start || time < end)
    }
}
