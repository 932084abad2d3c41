import Foundation

/// One stop on a goal's milestone track (25, 50, 75, 100 %).
public struct MilestoneMark: Equatable, Sendable, Identifiable {
    public let percent: Int
    public let isAchieved: Bool
    /// "25%".
    public let label: String
    /// "25 percent milestone, reached" / "..., not yet reached".
    public let accessibilityLabel: String

    public var id: Int { percent }

    init(_ milestone: MilestoneDto) {
        percent = milestone.percentComplete
        isAchieved = milestone.isAchieved
        label = "\(milestone.percentComplete)%"
        accessibilityLabel = "\(milestone.percentComplete) percent milestone, \(milestone.isAchieved ? "reached" : "not yet reached")"
    }
}
