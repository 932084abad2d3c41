/// The learning API's enumerations travel as the strings the product README gives them (the
/// learning document numbers none), read case-insensitively.
public protocol LearningEnum: RawRepresentable, CaseIterable, Codable, Sendable where RawValue == String {}

extension LearningEnum {
    /// "TimeBased", "timebased" and "TIMEBASED" all read as `.timeBased`.
    public init?(parsing text: String) {
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) else { return nil }
        self = match
    }

    /// For messages: "one of TimeBased, PointBased, AppSpecific, Streak".
    public static var choices: String { "one of " + allCases.map(\.rawValue).joined(separator: ", ") }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let text = try? container.decode(String.self), let value = Self(parsing: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "must be \(Self.choices)")
        }
        self = value
    }
}

public enum AppCategoryKind: String, LearningEnum {
    case learning = "Learning"
    case reward = "Reward"
}

public enum LearningGoalType: String, LearningEnum {
    case timeBased = "TimeBased"
    case pointBased = "PointBased"
    case appSpecific = "AppSpecific"
    case streak = "Streak"

    /// What `targetValue` and `currentValue` count.
    public var unit: String {
        switch self {
        case .timeBased, .appSpecific: "hours"
        case .pointBased: "points"
        case .streak: "days"
        }
    }
}

public enum LearningGoalFrequency: String, LearningEnum {
    case daily = "Daily"
    case weekly = "Weekly"
    case monthly = "Monthly"
    case custom = "Custom"
}

public enum LearningGoalStatus: String, LearningEnum {
    case notStarted = "NotStarted"
    case inProgress = "InProgress"
    case completed = "Completed"
    case failed = "Failed"
}

public enum PointsEntryType: String, LearningEnum {
    case earned = "Earned"
    case redeemed = "Redeemed"
    case adjusted = "Adjusted"
}
