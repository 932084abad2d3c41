import Foundation

/// A family's plan for learning features. Premium while `premiumUntil` is ahead; for 7 days
/// after it lapses the family is in grace and keeps every Premium feature (an app-store
/// renewal can arrive late); then Basic, which keeps read-only access to everything it made:
/// goals beyond the Basic limit stay and run out their periods, but no new one can be added
/// until fewer than 3 are active.
public enum LearningPlan: Equatable, Sendable {
    case premium
    /// Lapsed, with Premium features until the given instant.
    case grace(until: Date)
    case basic

    /// Grace is a duration of the entitlement (7 × 24 hours), not family calendar days.
    public static let graceDays = 7
    /// Active learning goals (NotStarted or InProgress) a Basic child may have.
    public static let basicActiveGoals = 3
    /// What the upgrade prompt and the 402 promise.
    public static let premiumUnlocks =
        "Premium unlocks unlimited learning goals, custom badges, detailed analytics and custom notifications."

    public init(premiumUntil: Date?, now: Date) {
        guard let premiumUntil else {
            self = .basic
            return
        }
        let graceEnd = premiumUntil.addingTimeInterval(TimeInterval(Self.graceDays * 86_400))
        if now < premiumUntil {
            self = .premium
        } else if now < graceEnd {
            self = .grace(until: graceEnd)
        } else {
            self = .basic
        }
    }

    /// Premium features are on while Premium or in grace.
    public var hasPremiumFeatures: Bool { self != .basic }

    /// "Premium" or "Basic", as `GET /families/current/plan` names it (grace reads Premium).
    public var name: String { hasPremiumFeatures ? "Premium" : "Basic" }

    public var inGracePeriod: Bool {
        if case .grace = self { return true }
        return false
    }

    public var features: LearningPlanFeatures {
        let on = hasPremiumFeatures
        return LearningPlanFeatures(unlimitedGoals: on, advancedBadges: on, customNotifications: on, detailedAnalytics: on)
    }

    /// Why `childName` cannot have another active goal, for a 402 `upgrade_required`; nil when
    /// the goal may be created.
    public func refusalToAddGoal(activeGoals: Int, childName: String) -> String? {
        guard !hasPremiumFeatures, activeGoals >= Self.basicActiveGoals else { return nil }
        return "\(childName) already has \(activeGoals) active learning goals, the most the Basic plan allows. \(Self.premiumUnlocks)"
    }
}

/// What only Premium (or grace) may use, beyond more goals.
public enum PremiumFeature: Sendable {
    /// A family's own badges (`advancedBadges`).
    case customBadges
    /// Choosing when the evening streak reminder comes (`customNotifications`); Basic has 18:00.
    case reminderTime
    /// Minutes by app, this week and last (`detailedAnalytics`).
    case appAnalytics

    var sentence: String {
        switch self {
        case .customBadges: "Custom badges are a Premium feature."
        case .reminderTime: "Choosing when the streak reminder comes is a Premium feature."
        case .appAnalytics: "Minutes by app are a Premium feature."
        }
    }
}

extension LearningPlan {
    /// Why the family cannot use `feature`, for a 402 `upgrade_required` or a lock on the page;
    /// nil when it can.
    public func refusal(_ feature: PremiumFeature) -> String? {
        hasPremiumFeatures ? nil : "\(feature.sentence) \(Self.premiumUnlocks)"
    }
}

/// The plan's feature flags, as the plan endpoint sends them.
public struct LearningPlanFeatures: Equatable, Codable, Sendable {
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
