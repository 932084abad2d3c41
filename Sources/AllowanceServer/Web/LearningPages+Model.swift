import AllowanceAPI
import AllowanceCore
import Foundation
import Vapor

/// What the learning pages show and the forms they read.
extension LearningPages {
    struct GoalCard: Encodable {
        let id: UUID
        let title: String
        let ring: String
        /// "red" under 50 %, "orange" to 99 %, "green" when done: the ring's colour and its words.
        let band: String
        let progressText: String
        let period: String
        let status: String
        let isRecurring: Bool
    }

    struct BadgeCard: Encodable {
        let key: String
        let title: String
        let description: String
        let criteria: String
        let earned: Bool
        let isRare: Bool
        let earnedOn: String?
        let percent: Int
        let bonus: Int
    }

    struct PointsRow: Encodable {
        let type: String
        let amount: String
        let isIn: Bool
        let balanceAfter: Int
        let description: String
        let when: String
    }

    struct AppOption: Encodable {
        let bundle: String
        let name: String
        let category: String
    }

    struct Page: Encodable {
        let childId: UUID
        let childName: String
        let isParent: Bool
        let celebration: String?
        let error: String?
        let todayMinutes: Int
        let currentStreak: Int
        let longestStreak: Int
        let points: Int
        let pointsEarned: Int
        let rate: String?
        let weekChart: String
        let monthChart: String
        let weekChange: String
        let byApp: [LearningAppWeekDto]
        let goals: [GoalCard]
        let history: [GoalCard]
        let badges: [BadgeCard]
        let nextBadge: String?
        let entries: [PointsRow]
        let apps: [AppOption]
        let canAddGoal: Bool
        let upgradeMessage: String?
        let today: String
        /// The log-a-session form as typed, when it was refused (else blank: the page's defaults).
        var typedSession = TypedSession()
    }

    struct TypedSession: Encodable {
        var bundle = "", date = "", start = "", minutes = ""

        init() {}

        init(_ form: SessionForm) {
            bundle = form.bundleIdentifier ?? ""
            date = form.date ?? ""
            start = form.start ?? ""
            minutes = form.minutes ?? ""
        }
    }

    struct SessionForm: Content {
        var bundleIdentifier: String?
        var date: String?
        var start: String?
        var minutes: String?
    }

    struct ImportForm: Content {
        var file: File?
        var csv: String?
    }

    struct GoalForm: Content {
        var title: String?
        var type: String?
        var targetValue: String?
        var frequency: String?
        var bundleIdentifier: String?
        var startDate: String?
        var endDate: String?
        var isRecurring: String?
    }

    struct RedeemForm: Content {
        var points: String?
        var description: String?
    }

    struct AppsPage: Encodable {
        let apps: [AppCategoryDto]
        let error: String?
        let pointsPerDollar: String
        let streakReminderTime: String
        let customBadges: [CustomBadgeRow]
        /// Set when the family is Basic: why the badge form and the reminder's time are locked.
        let badgeUpgrade: String?
        let reminderUpgrade: String?
        /// What was typed in the app and badge forms when one was refused, shown again to be
        /// corrected; empty otherwise.
        var app = TypedApp()
        var badge = TypedBadge()
    }

    struct TypedApp: Encodable {
        var appName = ""
        var bundleIdentifier = ""
        var category = AppCategoryKind.learning.rawValue
        var pointsPerHour = ""

        init() {}

        init(_ form: AppForm) {
            appName = form.appName ?? ""
            bundleIdentifier = form.bundleIdentifier ?? ""
            category = form.category ?? category
            pointsPerHour = form.pointsPerHour ?? ""
        }
    }

    struct TypedBadge: Encodable {
        var title = ""
        var measure = "Hours"
        var threshold = ""
        var pointsAwarded = ""
        var bundleIdentifier = ""

        init() {}

        init(_ form: BadgeForm) {
            title = form.title ?? ""
            measure = form.measure ?? measure
            threshold = form.threshold ?? ""
            pointsAwarded = form.pointsAwarded ?? ""
            bundleIdentifier = form.bundleIdentifier ?? ""
        }
    }

    struct SettingsForm: Content {
        var pointsPerDollar: String?
        var streakReminderTime: String?
    }

    struct AppForm: Content {
        var appName: String?
        var bundleIdentifier: String?
        var category: String?
        var pointsPerHour: String?
    }
}
