import AllowanceCore
import Foundation

public struct CreateLearningGoalDto: Codable, Sendable {
    public var childId: UUID
    public var title: String
    public var description: String?
    public var type: LearningGoalType
    /// Hours for TimeBased and AppSpecific, points for PointBased, days for Streak.
    public var targetValue: Double
    /// Required for AppSpecific.
    public var bundleIdentifier: String?
    public var frequency: LearningGoalFrequency
    /// Custom periods need both; other frequencies start in the period containing `startDate`
    /// (default now).
    public var startDate: Date?
    public var endDate: Date?
    public var isRecurring: Bool?

    public init(
        childId: UUID, title: String, description: String? = nil, type: LearningGoalType, targetValue: Double,
        bundleIdentifier: String? = nil, frequency: LearningGoalFrequency, startDate: Date? = nil, endDate: Date? = nil,
        isRecurring: Bool? = nil
    ) {
        self.childId = childId
        self.title = title
        self.description = description
        self.type = type
        self.targetValue = targetValue
        self.bundleIdentifier = bundleIdentifier
        self.frequency = frequency
        self.startDate = startDate
        self.endDate = endDate
        self.isRecurring = isRecurring
    }
}

/// Send only what changes.
public struct UpdateLearningGoalDto: Codable, Sendable {
    public var title: String?
    public var description: String?
    public var targetValue: Double?
    public var isRecurring: Bool?

    public init(title: String? = nil, description: String? = nil, targetValue: Double? = nil, isRecurring: Bool? = nil) {
        self.title = title
        self.description = description
        self.targetValue = targetValue
        self.isRecurring = isRecurring
    }
}

public struct LearningGoalDto: Codable, Sendable, Equatable {
    public var id: UUID
    public var childId: UUID
    public var title: String
    public var description: String?
    public var type: LearningGoalType
    public var frequency: LearningGoalFrequency
    public var targetValue: Double
    public var bundleIdentifier: String?
    public var currentValue: Double
    /// 0.0 to 1.0.
    public var progress: Double
    public var status: LearningGoalStatus
    public var startDate: Date
    public var endDate: Date
    public var isRecurring: Bool
    public var completedAt: Date?
    public var failedAt: Date?
    public var createdBy: UUID?
    public var lastModifiedBy: UUID?
    public var lastModifiedAt: Date

    public init(
        id: UUID, childId: UUID, title: String, description: String?, type: LearningGoalType, frequency: LearningGoalFrequency,
        targetValue: Double, bundleIdentifier: String?, currentValue: Double, progress: Double, status: LearningGoalStatus,
        startDate: Date, endDate: Date, isRecurring: Bool, completedAt: Date?, failedAt: Date?, createdBy: UUID?,
        lastModifiedBy: UUID?, lastModifiedAt: Date
    ) {
        self.id = id
        self.childId = childId
        self.title = title
        self.description = description
        self.type = type
        self.frequency = frequency
        self.targetValue = targetValue
        self.bundleIdentifier = bundleIdentifier
        self.currentValue = currentValue
        self.progress = progress
        self.status = status
        self.startDate = startDate
        self.endDate = endDate
        self.isRecurring = isRecurring
        self.completedAt = completedAt
        self.failedAt = failedAt
        self.createdBy = createdBy
        self.lastModifiedBy = lastModifiedBy
        self.lastModifiedAt = lastModifiedAt
    }
}

/// A badge, earned or not, with the way to it.
public struct BadgeDto: Codable, Sendable, Equatable {
    public var badgeKey: String
    public var title: String
    public var description: String
    public var icon: String
    public var isRare: Bool
    public var pointsAwarded: Int
    public var earned: Bool
    public var earnedAt: Date?
    public var timesEarned: Int
    /// 0.0 to 1.0 toward the badge (1.0 once earned).
    public var progress: Double
    public var criteria: String

    public init(
        badgeKey: String, title: String, description: String, icon: String, isRare: Bool, pointsAwarded: Int, earned: Bool,
        earnedAt: Date?, timesEarned: Int, progress: Double, criteria: String
    ) {
        self.badgeKey = badgeKey
        self.title = title
        self.description = description
        self.icon = icon
        self.isRare = isRare
        self.pointsAwarded = pointsAwarded
        self.earned = earned
        self.earnedAt = earnedAt
        self.timesEarned = timesEarned
        self.progress = progress
        self.criteria = criteria
    }
}

public struct LearningTotalsDto: Codable, Sendable, Equatable {
    public var minutes: Int
    public var points: Int
    public var sessions: Int

    public init(minutes: Int, points: Int, sessions: Int) {
        self.minutes = minutes
        self.points = points
        self.sessions = sessions
    }
}

/// Week-over-week change in percent; nil where last week was 0.
public struct LearningChangeDto: Codable, Sendable, Equatable {
    public var minutes: Double?
    public var points: Double?
    public var sessions: Double?

    public init(minutes: Double?, points: Double?, sessions: Double?) {
        self.minutes = minutes
        self.points = points
        self.sessions = sessions
    }
}

public struct LearningMonthDto: Codable, Sendable, Equatable {
    /// "2026-11".
    public var month: String
    public var minutes: Int
    public var points: Int

    public init(month: String, minutes: Int, points: Int) {
        self.month = month
        self.minutes = minutes
        self.points = points
    }
}

/// One app's minutes this week and last (the week-over-week comparison per app and category).
public struct LearningAppWeekDto: Codable, Sendable, Equatable {
    public var appName: String
    public var category: AppCategoryKind
    public var thisWeekMinutes: Int
    public var lastWeekMinutes: Int

    public init(appName: String, category: AppCategoryKind, thisWeekMinutes: Int, lastWeekMinutes: Int) {
        self.appName = appName
        self.category = category
        self.thisWeekMinutes = thisWeekMinutes
        self.lastWeekMinutes = lastWeekMinutes
    }
}

public struct LearningSummaryDto: Codable, Sendable, Equatable {
    public var thisWeek: LearningTotalsDto
    public var lastWeek: LearningTotalsDto
    public var changePercent: LearningChangeDto
    public var currentStreak: Int
    public var longestStreak: Int
    /// The last 6 months, oldest first.
    public var months: [LearningMonthDto]
    /// This week and last, app by app (Reward apps too), most minutes this week first: detailed
    /// analytics, empty for a Basic family.
    public var byApp: [LearningAppWeekDto]

    public init(
        thisWeek: LearningTotalsDto, lastWeek: LearningTotalsDto, changePercent: LearningChangeDto, currentStreak: Int,
        longestStreak: Int, months: [LearningMonthDto], byApp: [LearningAppWeekDto] = []
    ) {
        self.byApp = byApp
        self.thisWeek = thisWeek
        self.lastWeek = lastWeek
        self.changePercent = changePercent
        self.currentStreak = currentStreak
        self.longestStreak = longestStreak
        self.months = months
    }
}

public struct PlanFeaturesDto: Codable, Sendable, Equatable {
    public var unlimitedGoals: Bool
    public var advancedBadges: Bool
    public var customNotifications: Bool
    public var detailedAnalytics: Bool

    public init(unlimitedGoals: Bool, advancedBadges: Bool, customNotifications: Bool, detailedAnalytics: Bool) {
        self.unlimitedGoals = unlimitedGoals
        self.advancedBadges = advancedBadges
        self.customNotifications = customNotifications
        self.detailedAnalytics = detailedAnalytics
    }
}

public struct PlanDto: Codable, Sendable, Equatable {
    /// "Basic" or "Premium".
    public var plan: String
    public var premiumUntil: Date?
    public var inGracePeriod: Bool
    public var features: PlanFeaturesDto

    public init(plan: String, premiumUntil: Date?, inGracePeriod: Bool, features: PlanFeaturesDto) {
        self.plan = plan
        self.premiumUntil = premiumUntil
        self.inGracePeriod = inGracePeriod
        self.features = features
    }
}

/// A Premium family's own badge (`POST /badges`): earned like the catalogue's when the
/// measure reaches `threshold` (hours for Hours and AppHours, days for StreakDays).
public struct CreateCustomBadgeDto: Codable, Sendable {
    public var title: String
    public var description: String?
    /// An SF Symbol name; "rosette" when left out.
    public var icon: String?
    public var measure: BadgeMeasureKind
    public var threshold: Int
    /// Required for AppHours: one of the family's apps.
    public var bundleIdentifier: String?
    /// Bonus points paid when it is earned (default 0).
    public var pointsAwarded: Int?

    public init(
        title: String, description: String? = nil, icon: String? = nil, measure: BadgeMeasureKind, threshold: Int,
        bundleIdentifier: String? = nil, pointsAwarded: Int? = nil
    ) {
        self.title = title
        self.description = description
        self.icon = icon
        self.measure = measure
        self.threshold = threshold
        self.bundleIdentifier = bundleIdentifier
        self.pointsAwarded = pointsAwarded
    }
}
