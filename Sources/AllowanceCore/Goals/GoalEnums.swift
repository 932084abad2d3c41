import Foundation

/// An enumeration that travels as the documents' integer value (savings-goals.md), with a
/// display name sent beside it (`status: 2, statusName: "Completed"`). Decoding refuses an
/// unknown number with the list of the known ones, so a person can correct the request.
public protocol NumberedEnum: RawRepresentable, CaseIterable, Codable, Sendable where RawValue == Int {
    var name: String { get }
}

extension NumberedEnum {
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let number = try? container.decode(Int.self), let value = Self(rawValue: number) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "must be one of \(Self.choices)")
        }
        self = value
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// "1 (Toy), 2 (Game), ..." for messages.
    public static var choices: String { allCases.map { "\($0.rawValue) (\($0.name))" }.joined(separator: ", ") }

    /// Reads a query-string value: the number ("2") or the name ("Completed", any case).
    public init?(queryValue text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard let value = Self.allCases.first(where: { String($0.rawValue) == trimmed || $0.name.lowercased() == trimmed }) else { return nil }
        self = value
    }
}

public enum GoalStatus: Int, NumberedEnum {
    case active = 1, completed = 2, purchased = 3, cancelled = 4, paused = 5

    public var name: String { ["Active", "Completed", "Purchased", "Cancelled", "Paused"][rawValue - 1] }

    /// Purchased and cancelled goals are history: nothing about them changes any more.
    public var isClosed: Bool { self == .purchased || self == .cancelled }
}

public enum GoalCategory: Int, NumberedEnum {
    case toy = 1, game = 2, electronics = 3, clothing = 4, experience = 5, savings = 6, charity = 7, other = 99

    public var name: String {
        switch self {
        case .toy: "Toy"
        case .game: "Game"
        case .electronics: "Electronics"
        case .clothing: "Clothing"
        case .experience: "Experience"
        case .savings: "Savings"
        case .charity: "Charity"
        case .other: "Other"
        }
    }
}

public enum AutoTransferType: Int, NumberedEnum {
    case none = 0, fixedAmount = 1, percentage = 2

    public var name: String { ["None", "FixedAmount", "Percentage"][rawValue] }
}

/// Kinds of goal contribution row. `purchase` (8) is this server's addition: the row that
/// records the spend when a completed goal is bought, so a goal's amount is always the sum
/// of its rows.
public enum ContributionType: Int, NumberedEnum {
    case childDeposit = 1, autoTransfer = 2, parentMatch = 3, parentGift = 4, challengeBonus = 5, withdrawal = 6, externalGift = 7
    case purchase = 8

    public var name: String {
        ["ChildDeposit", "AutoTransfer", "ParentMatch", "ParentGift", "ChallengeBonus", "Withdrawal", "ExternalGift", "Purchase"][rawValue - 1]
    }

    /// What a challenge counts: money the child saved into the goal themselves.
    public var isChildSaving: Bool { self == .childDeposit || self == .autoTransfer }
}

public enum MatchingType: Int, NumberedEnum {
    case ratioMatch = 1, percentageMatch = 2, milestoneBonus = 3

    public var name: String { ["RatioMatch", "PercentageMatch", "MilestoneBonus"][rawValue - 1] }
}

public enum ChallengeStatus: Int, NumberedEnum {
    case active = 1, completed = 2, failed = 3, cancelled = 4

    public var name: String { ["Active", "Completed", "Failed", "Cancelled"][rawValue - 1] }
}
