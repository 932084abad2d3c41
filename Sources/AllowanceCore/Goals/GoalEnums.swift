import Foundation

/// An enumeration that travels as the documents' integer value (the Savings Goals document), with a
/// display name sent beside it (`status: 2, statusName: "Completed"`). A request may send either
/// the number or the name, in any case (`"category": 1` or `"category": "toy"`), as clients of
/// the wider API family do. Decoding refuses anything else with the list of the known values,
/// so a person can correct the request.
public protocol NumberedEnum: RawRepresentable, CaseIterable, Codable, Sendable where RawValue == Int {
    var name: String { get }
}

extension NumberedEnum {
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self), let value = Self(rawValue: number) {
            self = value
        } else if let text = try? container.decode(String.self), let value = Self(queryValue: text) {
            self = value
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "must be one of \(Self.choices)")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// "1 (Toy), 2 (Game), ..." for messages.
    public static var choices: String { allCases.map { "\($0.rawValue) (\($0.name))" }.joined(separator: ", ") }

    /// Reads a name or a number written as text: "2", or "Completed" in any case.
    public init?(queryValue text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard let value = Self.allCases.first(where: { String($0.rawValue) == trimmed || $0.name.lowercased() == trimmed }) else {
            return nil
        }
        self = value
    }
}

public enum GoalStatus: Int, NumberedEnum {
    case active = 1
    case completed = 2
    case purchased = 3
    case cancelled = 4
    case paused = 5

    public var name: String { ["Active", "Completed", "Purchased", "Cancelled", "Paused"][rawValue - 1] }

    /// Purchased and cancelled goals are history: nothing about them changes any more.
    public var isClosed: Bool { self == .purchased || self == .cancelled }
}

public enum GoalCategory: Int, NumberedEnum {
    case toy = 1
    case game = 2
    case electronics = 3
    case clothing = 4
    case experience = 5
    case savings = 6
    case charity = 7
    case other = 99

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
    case none = 0
    case fixedAmount = 1
    case percentage = 2

    public var name: String { ["None", "FixedAmount", "Percentage"][rawValue] }
}

/// Kinds of goal contribution row. `purchase` (8) is this server's addition: the row that
/// records the spend when a completed goal is bought, so a goal's amount is always the sum
/// of its rows.
public enum ContributionType: Int, NumberedEnum {
    case childDeposit = 1
    case autoTransfer = 2
    case parentMatch = 3
    case parentGift = 4
    case challengeBonus = 5
    case withdrawal = 6
    case externalGift = 7
    case purchase = 8

    public var name: String {
        ["ChildDeposit", "AutoTransfer", "ParentMatch", "ParentGift", "ChallengeBonus", "Withdrawal", "ExternalGift", "Purchase"][
            rawValue - 1]
    }

    /// What a challenge counts: money the child saved into the goal themselves.
    public var isChildSaving: Bool { self == .childDeposit || self == .autoTransfer }
}

public enum MatchingType: Int, NumberedEnum {
    case ratioMatch = 1
    case percentageMatch = 2
    case milestoneBonus = 3

    public var name: String { ["RatioMatch", "PercentageMatch", "MilestoneBonus"][rawValue - 1] }
}

public enum ChallengeStatus: Int, NumberedEnum {
    case active = 1
    case completed = 2
    case failed = 3
    case cancelled = 4

    public var name: String { ["Active", "Completed", "Failed", "Cancelled"][rawValue - 1] }
}
