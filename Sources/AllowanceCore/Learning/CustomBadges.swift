import Foundation

/// What a family's own badge measures, as the API names it.
public enum BadgeMeasureKind: String, LearningEnum {
    case points = "Points"
    case hours = "Hours"
    case streakDays = "StreakDays"
    case goalsCompleted = "GoalsCompleted"
    case appHours = "AppHours"
}

/// A Premium family's own badges: the same definitions as the catalogue's, earned by the same
/// rules, under a key of their own (`custom-<id>`) so they can never clash with a catalogue key.
public enum CustomBadges {
    public static let keyPrefix = "custom-"
    public static let largestThreshold = 100_000
    public static let largestBonus = 10_000
    public static let titleLength = 60

    public static func key(for id: UUID) -> String { keyPrefix + id.uuidString.lowercased() }

    /// The id in a custom badge's key; nil for a catalogue key or anything else.
    public static func id(inKey key: String) -> UUID? {
        guard key.hasPrefix(keyPrefix) else { return nil }
        return UUID(uuidString: String(key.dropFirst(keyPrefix.count)))
    }

    /// Why these fields cannot make a badge, in words a parent can act on; nil when they can.
    public static func refusal(title: String, kind: BadgeMeasureKind, threshold: Int, bundleIdentifier: String?, pointsAwarded: Int)
        -> String?
    {
        let name = title.trimmingCharacters(in: .patternWhitespace)
        if name.isEmpty { return "Title is required" }
        // Code points of the title as sent, as JSON Schema's `maxLength` counts them.
        if title.unicodeScalars.count > titleLength { return "Title must be \(titleLength) characters or fewer" }
        if !(1...largestThreshold).contains(threshold) {
            return "Target must be a whole number from 1 to \(largestThreshold.formatted())"
        }
        if !(0...largestBonus).contains(pointsAwarded) {
            return "Bonus points must be a whole number from 0 to \(largestBonus.formatted())"
        }
        if kind == .appHours, (bundleIdentifier ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
            return "Choose the app an AppHours badge counts"
        }
        return nil
    }

    /// The definition a stored custom badge stands for.
    public static func definition(
        id: UUID, title: String, description: String?, icon: String?, kind: BadgeMeasureKind, threshold: Int, bundleIdentifier: String?,
        appName: String?, pointsAwarded: Int
    ) -> BadgeDefinition {
        let measure: BadgeDefinition.Measure =
            switch kind {
            case .points: .points
            case .hours: .hours
            case .streakDays: .streakDays
            case .goalsCompleted: .goalsCompleted
            case .appHours: .appHours(bundleIdentifier: bundleIdentifier ?? "", appName: appName ?? bundleIdentifier ?? "the app")
            }
        let badge = BadgeDefinition(
            key: key(for: id), title: title, description: "", icon: icon ?? "rosette", isRare: false, pointsAwarded: pointsAwarded,
            measure: measure, threshold: threshold)
        let text = description?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return BadgeDefinition(
            key: badge.key, title: title, description: text.isEmpty ? badge.criteria : text, icon: badge.icon, isRare: false,
            pointsAwarded: pointsAwarded, measure: measure, threshold: threshold)
    }
}
