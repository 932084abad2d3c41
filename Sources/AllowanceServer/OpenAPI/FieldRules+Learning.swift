import AllowanceAPI
import Foundation

// The learning API's request limits, for `/openapi.json` (see `FieldRules.swift`).

extension CreateAppCategoryDto {
    static var fieldRules: [String: [String: Any]] { AppCategoryService.fieldRules }
}
extension UpdateAppCategoryDto {
    static var fieldRules: [String: [String: Any]] { AppCategoryService.fieldRules.filter { $0.key != "bundleIdentifier" } }
}
extension AppCategoryService {
    /// A Reward app's rate must be 0 and a Learning app's at least 1: that pair is a 422.
    static var fieldRules: [String: [String: Any]] {
        [
            "appName": FieldRule.text(max: nameLength), "bundleIdentifier": FieldRule.bundleIdentifier,
            "pointsPerHour": FieldRule.integer(0...largestRate),
        ]
    }
}
extension CreateLearningSessionDto {
    static var fieldRules: [String: [String: Any]] { ["bundleIdentifier": FieldRule.bundleIdentifier] }
}
extension PointsChangeDto {
    /// A redemption also needs `points` above 0 (a 422 when it is not).
    static var fieldRules: [String: [String: Any]] {
        [
            "points": FieldRule.integer(-PointsService.largestChange...PointsService.largestChange).merging(["not": ["enum": [0]]]) { $1 },
            "description": FieldRule.text(max: PointsService.descriptionLength),
        ]
    }
}
extension LearningSettingsDto {
    static var fieldRules: [String: [String: Any]] {
        ["pointsPerDollar": FieldRule.integer(LearningSettings.pointsPerDollarRange), "streakReminderTime": TimeOfDay.wireSchema(.request)]
    }
}
extension CreateLearningGoalDto {
    static var fieldRules: [String: [String: Any]] {
        LearningGoalService.fieldRules
    }
}
extension UpdateLearningGoalDto {
    static var fieldRules: [String: [String: Any]] { LearningGoalService.fieldRules }
}
extension LearningGoalService {
    /// The ceiling depends on the goal's type (`targetValue(_:type:)`); this is the widest.
    static var fieldRules: [String: [String: Any]] {
        [
            "title": FieldRule.text(max: titleLength), "description": FieldRule.optionalText(max: descriptionLength),
            "targetValue": ["minimum": 0, "exclusiveMinimum": true, "maximum": largestTarget],
        ]
    }
}
extension CreateCustomBadgeDto {
    static var fieldRules: [String: [String: Any]] {
        [
            "title": FieldRule.text(max: CustomBadges.titleLength),
            "description": FieldRule.optionalText(max: CustomBadgeStore.descriptionLength),
            "icon": FieldRule.optionalText(max: CustomBadgeStore.iconLength),
            "threshold": FieldRule.integer(1...CustomBadges.largestThreshold),
            "pointsAwarded": FieldRule.integer(0...CustomBadges.largestBonus),
        ]
    }
}
