import Foundation

/// Kinds of notification. Later capabilities add theirs here, through the same service.
public enum NotificationType: String, Codable, CaseIterable, Sendable {
    case transaction = "Transaction"
    case lowBalance = "LowBalance"
    case allowance = "Allowance"
    case system = "System"
    /// A recurring debit the balance could not cover was skipped (to parents).
    case recurringSkipped = "RecurringSkipped"
    /// A recurring transaction's occurrence waits for a parent's approval.
    case approvalRequired = "ApprovalRequired"
    case goalMilestone = "GoalMilestone"
    case goalCompleted = "GoalCompleted"
    case challengeCompleted = "ChallengeCompleted"
    case challengeFailed = "ChallengeFailed"
    case learningGoalCompleted = "LearningGoalCompleted"
    case learningGoalFailed = "LearningGoalFailed"
    case badgeEarned = "BadgeEarned"
    /// A running learning streak will end tonight unless the child learns (to the child).
    case streakAtRisk = "StreakAtRisk"
    /// Last week's learning, each Monday (to parents).
    case weeklySummary = "WeeklySummary"
}

public struct NotificationDto: Codable, Sendable {
    public var id: UUID
    public var type: NotificationType
    public var title: String
    public var message: String
    public var childId: UUID?
    public var isRead: Bool
    public var createdAt: Date
    public var readAt: Date?

    public init(
        id: UUID, type: NotificationType, title: String, message: String, childId: UUID?, isRead: Bool, createdAt: Date, readAt: Date?
    ) {
        self.id = id
        self.type = type
        self.title = title
        self.message = message
        self.childId = childId
        self.isRead = isRead
        self.createdAt = createdAt
        self.readAt = readAt
    }
}

public struct NotificationListResponse: Codable, Sendable {
    public var notifications: [NotificationDto]
    public var unreadCount: Int

    public init(notifications: [NotificationDto], unreadCount: Int) {
        self.notifications = notifications
        self.unreadCount = unreadCount
    }
}

public struct UnreadCountResponse: Codable, Sendable {
    public var count: Int
    public init(count: Int) { self.count = count }
}

/// The App Screens document, 5.3. Every field optional on update: send only what changes.
public struct NotificationPreferencesDto: Codable, Sendable, Equatable {
    public var notificationsEnabled: Bool?
    public var transactionAlertsEnabled: Bool?
    public var allowanceRemindersEnabled: Bool?
    public var balanceAlertsEnabled: Bool?
    public var lowBalanceWarningEnabled: Bool?
    public var lowBalanceThreshold: Money?
    /// Learning goals reached or missed, and badges earned.
    public var learningAlertsEnabled: Bool?
    public var streakRemindersEnabled: Bool?
    public var weeklySummaryEnabled: Bool?
    /// "21:00" to "07:00": no reminder is sent in between. Empty strings clear them.
    public var quietHoursStart: String?
    public var quietHoursEnd: String?

    public init(
        notificationsEnabled: Bool? = nil, transactionAlertsEnabled: Bool? = nil, allowanceRemindersEnabled: Bool? = nil,
        balanceAlertsEnabled: Bool? = nil, lowBalanceWarningEnabled: Bool? = nil, lowBalanceThreshold: Money? = nil,
        learningAlertsEnabled: Bool? = nil, streakRemindersEnabled: Bool? = nil, weeklySummaryEnabled: Bool? = nil,
        quietHoursStart: String? = nil, quietHoursEnd: String? = nil
    ) {
        self.learningAlertsEnabled = learningAlertsEnabled
        self.streakRemindersEnabled = streakRemindersEnabled
        self.weeklySummaryEnabled = weeklySummaryEnabled
        self.quietHoursStart = quietHoursStart
        self.quietHoursEnd = quietHoursEnd
        self.notificationsEnabled = notificationsEnabled
        self.transactionAlertsEnabled = transactionAlertsEnabled
        self.allowanceRemindersEnabled = allowanceRemindersEnabled
        self.balanceAlertsEnabled = balanceAlertsEnabled
        self.lowBalanceWarningEnabled = lowBalanceWarningEnabled
        self.lowBalanceThreshold = lowBalanceThreshold
    }
}

public struct HealthResponse: Codable, Sendable {
    public var status: String
    public init(status: String) { self.status = status }
}
