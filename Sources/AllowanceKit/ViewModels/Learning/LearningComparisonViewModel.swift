import AllowanceCore
import Foundation
import Observation

/// The comparisons screen: this week against last, streaks, six months, app by app.
@MainActor @Observable
public final class LearningComparisonViewModel {
    public let childId: UUID
    public private(set) var summary: LearningSummaryDto?
    public private(set) var state = ScreenState.idle

    private let client: APIClient

    public init(childId: UUID, client: APIClient) {
        self.childId = childId
        self.client = client
    }

    /// "120 min this week, 90 min last week".
    public var minutesText: String {
        guard let summary else { return "" }
        return "\(summary.thisWeek.minutes) min this week, \(summary.lastWeek.minutes) min last week"
    }

    /// "+33%", "-10%", or "New this week" when last week had nothing to compare with.
    public var minutesChangeText: String {
        guard let summary else { return "" }
        guard let change = summary.changePercent.minutes else { return "New this week" }
        let rounded = Int(change.rounded())
        return rounded > 0 ? "+\(rounded)%" : "\(rounded)%"
    }

    /// "5-day streak (best 12)".
    public var streakText: String {
        guard let summary else { return "" }
        return "\(summary.currentStreak)-day streak (best \(summary.longestStreak))"
    }

    public var months: [LearningMonthDto] { summary?.months ?? [] }
    public var byApp: [LearningAppWeekDto] { summary?.byApp ?? [] }

    public func load() async {
        if summary == nil { state = .loading }
        do {
            summary = try await client.learningSummary(of: childId)
            state = .loaded
        } catch {
            if summary == nil { state = .failed(ScreenProblem(error).message) }
        }
    }
}
