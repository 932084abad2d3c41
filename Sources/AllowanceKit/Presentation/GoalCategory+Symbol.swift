import AllowanceCore

extension GoalCategory {
    /// The SF Symbol of a goal without a picture (Savings Goals' iOS models).
    public var symbolName: String {
        switch self {
        case .toy: "teddybear"
        case .game: "gamecontroller"
        case .electronics: "desktopcomputer"
        case .clothing: "tshirt"
        case .experience: "ticket"
        case .savings: "banknote"
        case .charity: "heart"
        case .other: "star"
        }
    }
}
