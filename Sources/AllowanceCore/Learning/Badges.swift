/// What a child has done, as badges measure it.
public struct LearningStats: Equatable, Sendable {
    public var pointsEarned: Int
    public var learningMinutes: Int
    public var longestStreak: Int
    public var goalsCompleted: Int
    /// Minutes on each Learning app, by bundle identifier.
    public var appMinutes: [String: Int]

    public init(pointsEarned: Int, learningMinutes: Int, longestStreak: Int, goalsCompleted: Int, appMinutes: [String: Int] = [:]) {
        self.pointsEarned = pointsEarned
        self.learningMinutes = learningMinutes
        self.longestStreak = longestStreak
        self.goalsCompleted = goalsCompleted
        self.appMinutes = appMinutes
    }
}

/// One badge of the catalogue: earned once, when its measure reaches its threshold.
public struct BadgeDefinition: Equatable, Sendable {
    public enum Measure: Equatable, Sendable {
        case points, hours, streakDays, goalsCompleted
        /// Different Learning apps used at all.
        case appsTried
        /// Hours on the child's most-used Learning app.
        case topAppHours
        /// Hours on one app (a family's custom badge names it).
        case appHours(bundleIdentifier: String, appName: String)
    }

    public let key: String
    public let title: String
    public let description: String
    /// An SF Symbol name (the web app draws its own icon for each).
    public let icon: String
    public let isRare: Bool
    /// Bonus points paid as an Earned entry when the badge is earned.
    public let pointsAwarded: Int
    public let measure: Measure
    public let threshold: Int

    public init(
        key: String, title: String, description: String, icon: String, isRare: Bool, pointsAwarded: Int, measure: Measure, threshold: Int
    ) {
        self.key = key
        self.title = title
        self.description = description
        self.icon = icon
        self.isRare = isRare
        self.pointsAwarded = pointsAwarded
        self.measure = measure
        self.threshold = threshold
    }

    /// How it is earned, for the locked state.
    public var criteria: String {
        switch measure {
        case .points: "Earn \(threshold.formatted()) points"
        case .hours: "Learn for \(hours) in all"
        case .streakDays: threshold == 1 ? "Learn on a day" : "Learn \(threshold) days in a row"
        case .goalsCompleted: threshold == 1 ? "Complete a learning goal" : "Complete \(threshold) learning goals"
        case .appsTried: "Learn with \(threshold) different apps"
        case .topAppHours: "Learn for \(hours) on one app"
        case .appHours(_, let appName): "Learn for \(hours) on \(appName)"
        }
    }

    private var hours: String { threshold == 1 ? "1 hour" : "\(threshold) hours" }

    /// This badge's measure of `stats`.
    public func value(in stats: LearningStats) -> Int {
        switch measure {
        case .points: stats.pointsEarned
        case .hours: stats.learningMinutes / 60
        case .streakDays: stats.longestStreak
        case .goalsCompleted: stats.goalsCompleted
        case .appsTried: stats.appMinutes.values.filter { $0 > 0 }.count
        case .topAppHours: (stats.appMinutes.values.max() ?? 0) / 60
        case .appHours(let bundleIdentifier, _): (stats.appMinutes[bundleIdentifier] ?? 0) / 60
        }
    }

    /// 0.0 to 1.0 toward the threshold; hours count their minutes, so half an hour of a
    /// one-hour badge shows halfway although the badge is earned on whole hours.
    public func progress(in stats: LearningStats) -> Double {
        let exact: Double =
            switch measure {
            case .hours: Double(stats.learningMinutes) / 60
            case .topAppHours: Double(stats.appMinutes.values.max() ?? 0) / 60
            case .appHours(let bundleIdentifier, _): Double(stats.appMinutes[bundleIdentifier] ?? 0) / 60
            default: Double(value(in: stats))
            }
        return min(1, exact / Double(threshold))
    }

    public func isMet(by stats: LearningStats) -> Bool { value(in: stats) >= threshold }
}

/// The badges, from the document's milestones (first goal, 100 points, 10 hours, a week's
/// streak, five goals) up through tiers of streaks, points, hours, goals and apps; the top
/// tiers are rare.
public enum BadgeCatalog {
    public static let all: [BadgeDefinition] = [
        BadgeDefinition(
            key: "first-goal", title: "First Goal", description: "Completed a first learning goal", icon: "flag.checkered", isRare: false,
            pointsAwarded: 10, measure: .goalsCompleted, threshold: 1),
        BadgeDefinition(
            key: "five-goals", title: "Goal Getter", description: "Completed five learning goals", icon: "target", isRare: false,
            pointsAwarded: 25, measure: .goalsCompleted, threshold: 5),
        BadgeDefinition(
            key: "goals-25", title: "Goal Champion", description: "Completed 25 learning goals", icon: "trophy.fill", isRare: true,
            pointsAwarded: 100, measure: .goalsCompleted, threshold: 25),
        BadgeDefinition(
            key: "points-100", title: "Century", description: "Earned 100 points", icon: "star.fill", isRare: false, pointsAwarded: 0,
            measure: .points, threshold: 100),
        BadgeDefinition(
            key: "points-500", title: "Point Collector", description: "Earned 500 points", icon: "star.circle.fill", isRare: false,
            pointsAwarded: 0, measure: .points, threshold: 500),
        BadgeDefinition(
            key: "points-1000", title: "Thousand Club", description: "Earned 1,000 points", icon: "sparkles", isRare: false,
            pointsAwarded: 0, measure: .points, threshold: 1_000),
        BadgeDefinition(
            key: "points-5000", title: "Point Legend", description: "Earned 5,000 points", icon: "crown.fill", isRare: true,
            pointsAwarded: 0, measure: .points, threshold: 5_000),
        BadgeDefinition(
            key: "hours-10", title: "Ten Hours", description: "Learned for 10 hours", icon: "clock.fill", isRare: false,
            pointsAwarded: 20, measure: .hours, threshold: 10),
        BadgeDefinition(
            key: "hours-50", title: "Fifty Hours", description: "Learned for 50 hours", icon: "book.fill", isRare: false,
            pointsAwarded: 50, measure: .hours, threshold: 50),
        BadgeDefinition(
            key: "hours-100", title: "Hundred Hours", description: "Learned for 100 hours", icon: "graduationcap.fill", isRare: true,
            pointsAwarded: 100, measure: .hours, threshold: 100),
        BadgeDefinition(
            key: "streak-3", title: "On a Roll", description: "Learned 3 days in a row", icon: "flame", isRare: false, pointsAwarded: 5,
            measure: .streakDays, threshold: 3),
        BadgeDefinition(
            key: "streak-7", title: "Week Streak", description: "Learned 7 days in a row", icon: "flame.fill", isRare: false,
            pointsAwarded: 15, measure: .streakDays, threshold: 7),
        BadgeDefinition(
            key: "streak-14", title: "Fortnight Streak", description: "Learned 14 days in a row", icon: "bolt.fill", isRare: false,
            pointsAwarded: 30, measure: .streakDays, threshold: 14),
        BadgeDefinition(
            key: "streak-30", title: "Month Streak", description: "Learned 30 days in a row", icon: "bolt.circle.fill", isRare: true,
            pointsAwarded: 75, measure: .streakDays, threshold: 30),
        BadgeDefinition(
            key: "streak-100", title: "Unstoppable", description: "Learned 100 days in a row", icon: "medal.fill", isRare: true,
            pointsAwarded: 250, measure: .streakDays, threshold: 100),
        BadgeDefinition(
            key: "apps-3", title: "Explorer", description: "Learned with 3 different apps", icon: "square.grid.2x2.fill", isRare: false,
            pointsAwarded: 10, measure: .appsTried, threshold: 3),
        BadgeDefinition(
            key: "app-hours-5", title: "App Specialist", description: "Learned for 5 hours on one app", icon: "app.badge.fill",
            isRare: false, pointsAwarded: 15, measure: .topAppHours, threshold: 5),
        BadgeDefinition(
            key: "app-hours-25", title: "App Master", description: "Learned for 25 hours on one app", icon: "app.badge.checkmark.fill",
            isRare: true, pointsAwarded: 50, measure: .topAppHours, threshold: 25),
    ]
}
