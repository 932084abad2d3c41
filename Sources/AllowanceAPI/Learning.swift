import AllowanceCore
import Foundation

// The learning API of the product README ("Learning goals, points and badges: the API"):
// enumerations travel as the strings shown there.

/// One of the family's apps: Learning apps earn `pointsPerHour`, Reward apps nothing.
public struct AppCategoryDto: Codable, Sendable, Equatable {
    public var id: UUID
    public var appName: String
    public var bundleIdentifier: String
    public var category: AppCategoryKind
    public var pointsPerHour: Int

    public init(id: UUID, appName: String, bundleIdentifier: String, category: AppCategoryKind, pointsPerHour: Int) {
        self.id = id
        self.appName = appName
        self.bundleIdentifier = bundleIdentifier
        self.category = category
        self.pointsPerHour = pointsPerHour
    }
}

public struct CreateAppCategoryDto: Codable, Sendable {
    public var appName: String
    public var bundleIdentifier: String
    public var category: AppCategoryKind
    public var pointsPerHour: Int?

    public init(appName: String, bundleIdentifier: String, category: AppCategoryKind, pointsPerHour: Int? = nil) {
        self.appName = appName
        self.bundleIdentifier = bundleIdentifier
        self.category = category
        self.pointsPerHour = pointsPerHour
    }
}

/// Send only what changes.
public struct UpdateAppCategoryDto: Codable, Sendable {
    public var appName: String?
    public var category: AppCategoryKind?
    public var pointsPerHour: Int?

    public init(appName: String? = nil, category: AppCategoryKind? = nil, pointsPerHour: Int? = nil) {
        self.appName = appName
        self.category = category
        self.pointsPerHour = pointsPerHour
    }
}

/// A learning session as a client reports it (or a parent enters it).
public struct CreateLearningSessionDto: Codable, Sendable {
    public var childId: UUID
    public var bundleIdentifier: String
    public var startTime: Date
    public var endTime: Date

    public init(childId: UUID, bundleIdentifier: String, startTime: Date, endTime: Date) {
        self.childId = childId
        self.bundleIdentifier = bundleIdentifier
        self.startTime = startTime
        self.endTime = endTime
    }
}

public struct LearningSessionDto: Codable, Sendable, Equatable {
    public var id: UUID
    public var childId: UUID
    public var appName: String
    public var bundleIdentifier: String
    public var category: AppCategoryKind
    public var startTime: Date
    public var endTime: Date
    public var durationSeconds: Int
    public var pointsEarned: Int

    public init(
        id: UUID, childId: UUID, appName: String, bundleIdentifier: String, category: AppCategoryKind, startTime: Date, endTime: Date,
        durationSeconds: Int, pointsEarned: Int
    ) {
        self.id = id
        self.childId = childId
        self.appName = appName
        self.bundleIdentifier = bundleIdentifier
        self.category = category
        self.startTime = startTime
        self.endTime = endTime
        self.durationSeconds = durationSeconds
        self.pointsEarned = pointsEarned
    }
}

/// One row of a child's points ledger.
public struct PointsEntryDto: Codable, Sendable, Equatable {
    public var id: UUID
    public var type: PointsEntryType
    /// Positive for Earned, negative for Redeemed; either for Adjusted.
    public var amount: Int
    public var balanceAfter: Int
    public var description: String
    public var timestamp: Date

    public init(id: UUID, type: PointsEntryType, amount: Int, balanceAfter: Int, description: String, timestamp: Date) {
        self.id = id
        self.type = type
        self.amount = amount
        self.balanceAfter = balanceAfter
        self.description = description
        self.timestamp = timestamp
    }
}

public struct PointsDto: Codable, Sendable {
    public var balance: Int
    public var totalEarned: Int
    /// Newest first.
    public var transactions: [PointsEntryDto]

    public init(balance: Int, totalEarned: Int, transactions: [PointsEntryDto]) {
        self.balance = balance
        self.totalEarned = totalEarned
        self.transactions = transactions
    }
}

/// Redeem (`points` > 0) or, for a parent, adjust (`points` may be negative) a child's points.
public struct PointsChangeDto: Codable, Sendable {
    public var points: Int
    public var description: String

    public init(points: Int, description: String) {
        self.points = points
        self.description = description
    }
}

/// What a redemption did: the points entry, and the money credited when the family has a rate.
public struct RedemptionDto: Codable, Sendable {
    public var entry: PointsEntryDto
    public var moneyCredited: Money?
    public var transactionId: UUID?

    public init(entry: PointsEntryDto, moneyCredited: Money?, transactionId: UUID?) {
        self.entry = entry
        self.moneyCredited = moneyCredited
        self.transactionId = transactionId
    }
}

/// The family's learning settings. On update, send only what changes; `pointsPerDollar` 0
/// means points are not money.
public struct LearningSettingsDto: Codable, Sendable, Equatable {
    /// How many points make a dollar when redeemed; nil (on read): points are not money.
    public var pointsPerDollar: Int?
    /// The evening streak reminder's local time, "18:00".
    public var streakReminderTime: String?

    public init(pointsPerDollar: Int? = nil, streakReminderTime: String? = nil) {
        self.pointsPerDollar = pointsPerDollar
        self.streakReminderTime = streakReminderTime
    }
}
