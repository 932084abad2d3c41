import Foundation

/// Awarding badges, with repeats. Most badges are earned once, when their figure reaches the
/// threshold. The top tier of each ladder (25 goals, 5,000 points, 100 hours, a 100-day
/// streak) is repeatable: it is earned again each time the figure passes another whole
/// multiple of the threshold (10,000 points earns "Point Legend" a second time), so a child
/// past the last tier still has something to reach. `earnedAt` stays the first time; only
/// `timesEarned` grows.
extension BadgeCatalog {
    public static let repeatableKeys: Set<String> = ["goals-25", "points-5000", "hours-100", "streak-100"]

    /// What `stats` now earn beyond `held` (badge key → times earned so far), in the order of
    /// `badges` (the catalogue, then a family's custom badges). A badge passing several
    /// multiples at once is one award with `newTimes` above 1.
    public static func awards(among badges: [BadgeDefinition] = all, by stats: LearningStats, held: [String: Int]) -> [BadgeAward] {
        badges.compactMap { badge in
            let times = badge.timesMet(by: stats)
            let before = held[badge.key] ?? 0
            return times > before ? BadgeAward(badge: badge, timesEarned: times, newTimes: times - before) : nil
        }
    }

    /// Progress (0.0 to 1.0) toward each badge not yet earned, by key.
    public static func progress(among badges: [BadgeDefinition] = all, by stats: LearningStats, earned: Set<String>) -> [String: Double] {
        Dictionary(uniqueKeysWithValues: badges.filter { !earned.contains($0.key) }.map { ($0.key, $0.progress(in: stats)) })
    }
}

extension BadgeDefinition {
    public var isRepeatable: Bool { BadgeCatalog.repeatableKeys.contains(key) }

    /// How many times `stats` earn this badge: 0 or 1, or for a repeatable badge one per
    /// whole multiple of the threshold.
    public func timesMet(by stats: LearningStats) -> Int {
        guard isMet(by: stats) else { return 0 }
        return isRepeatable ? value(in: stats) / threshold : 1
    }
}

/// A badge earned (again): the caller records `timesEarned`, sets `earnedAt` only when it is
/// the first time, and pays `bonusPoints`.
public struct BadgeAward: Equatable, Sendable {
    public let badge: BadgeDefinition
    /// The total after this award.
    public let timesEarned: Int
    /// How many times this award adds (usually 1).
    public let newTimes: Int

    public var isFirst: Bool { timesEarned == newTimes }
    /// The badge's bonus for each new time.
    public var bonusPoints: Int { badge.pointsAwarded * newTimes }
}
