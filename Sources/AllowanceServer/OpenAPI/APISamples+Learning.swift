import AllowanceAPI
import Foundation

// Examples of the learning wire types, for the OpenAPI document (every optional field filled).

private let sampleID = UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301")!
private let sampleDate = Date(timeIntervalSince1970: 1_795_000_000)

extension AppCategoryDto: APISample {
    static var sample: Self {
        .init(id: sampleID, appName: "Duolingo", bundleIdentifier: "com.duolingo.DuolingoMobile", category: .learning, pointsPerHour: 60)
    }
}
extension CreateAppCategoryDto: APISample {
    static var sample: Self {
        .init(appName: "Duolingo", bundleIdentifier: "com.duolingo.DuolingoMobile", category: .learning, pointsPerHour: 60)
    }
}
extension UpdateAppCategoryDto: APISample {
    static var sample: Self { .init(appName: "Duolingo", category: .learning, pointsPerHour: 90) }
}
extension CreateLearningSessionDto: APISample {
    static var sample: Self {
        .init(
            childId: sampleID, bundleIdentifier: "com.duolingo.DuolingoMobile", startTime: sampleDate,
            endTime: sampleDate.addingTimeInterval(1_800))
    }
}
extension LearningSessionDto: APISample {
    static var sample: Self {
        .init(
            id: sampleID, childId: sampleID, appName: "Duolingo", bundleIdentifier: "com.duolingo.DuolingoMobile", category: .learning,
            startTime: sampleDate, endTime: sampleDate.addingTimeInterval(1_800), durationSeconds: 1_800, pointsEarned: 30)
    }
}
extension PointsEntryDto: APISample {
    static var sample: Self {
        .init(id: sampleID, type: .earned, amount: 30, balanceAfter: 130, description: "Duolingo: 30 min", timestamp: sampleDate)
    }
}
extension PointsDto: APISample {
    static var sample: Self { .init(balance: 130, totalEarned: 230, transactions: [.sample]) }
}
extension PointsChangeDto: APISample {
    static var sample: Self { .init(points: 100, description: "Movie night") }
}
extension RedemptionDto: APISample {
    static var sample: Self { .init(entry: .sample, moneyCredited: Money(cents: 100), transactionId: sampleID) }
}
extension LearningSettingsDto: APISample {
    static var sample: Self { .init(pointsPerDollar: 100, streakReminderTime: "18:30") }
}
extension CreateLearningGoalDto: APISample {
    static var sample: Self {
        .init(
            childId: sampleID, title: "Read for 5 hours", description: "Any book app", type: .timeBased, targetValue: 5,
            bundleIdentifier: "com.getepic.Epic", frequency: .weekly, startDate: sampleDate, endDate: sampleDate, isRecurring: true)
    }
}
extension UpdateLearningGoalDto: APISample {
    static var sample: Self { .init(title: "Read for 6 hours", description: "Any book app", targetValue: 6, isRecurring: true) }
}
extension LearningGoalDto: APISample {
    static var sample: Self {
        .init(
            id: sampleID, childId: sampleID, title: "Read for 5 hours", description: "Any book app", type: .timeBased, frequency: .weekly,
            targetValue: 5, bundleIdentifier: "com.getepic.Epic", currentValue: 2.5, progress: 0.5, status: .inProgress,
            startDate: sampleDate,
            endDate: sampleDate, isRecurring: true, completedAt: sampleDate, failedAt: sampleDate, createdBy: sampleID,
            lastModifiedBy: sampleID,
            lastModifiedAt: sampleDate)
    }
}
extension BadgeDto: APISample {
    static var sample: Self {
        .init(
            badgeKey: "streak-7", title: "Week Streak", description: "Learned 7 days in a row", icon: "flame.fill", isRare: false,
            pointsAwarded: 15, earned: true, earnedAt: sampleDate, timesEarned: 1, progress: 1, criteria: "Learn 7 days in a row")
    }
}
extension CreateCustomBadgeDto: APISample {
    static var sample: Self {
        .init(
            title: "Spanish Star", description: "Ten hours of Duolingo", icon: "globe", measure: .appHours, threshold: 10,
            bundleIdentifier: "com.duolingo.DuolingoMobile", pointsAwarded: 50)
    }
}
extension LearningSummaryDto: APISample {
    static var sample: Self {
        .init(
            thisWeek: .init(minutes: 120, points: 110, sessions: 5), lastWeek: .init(minutes: 90, points: 80, sessions: 4),
            changePercent: .init(minutes: 33.3, points: 37.5, sessions: 25), currentStreak: 4, longestStreak: 9,
            months: [.init(month: "2026-11", minutes: 600, points: 540)],
            byApp: [.init(appName: "Duolingo", category: .learning, thisWeekMinutes: 90, lastWeekMinutes: 60)])
    }
}
extension PlanDto: APISample {
    static var sample: Self {
        .init(
            plan: "Premium", premiumUntil: sampleDate, inGracePeriod: false,
            features: .init(unlimitedGoals: true, advancedBadges: true, customNotifications: true, detailedAnalytics: true))
    }
}
