import Foundation
import Testing

@testable import AllowanceCore

private typealias F = LearningRulesFixture

/// Week over week and six months, from per-day totals. "Now" is Saturday 21 November 2026 in
/// New York: this week is 16-22 November, last week 9-15 November.
@Suite struct LearningSummaryTests {
    let days = [
        LearningDayTotals(day: "2026-05-31", learningSeconds: 6_000, points: 50, sessions: 5),  // seven months back
        LearningDayTotals(day: "2026-06-01", learningSeconds: 600, points: 2, sessions: 1),
        LearningDayTotals(day: "2026-11-08", learningSeconds: 6_000, points: 50, sessions: 5),  // the week before last
        LearningDayTotals(day: "2026-11-09", learningSeconds: 1_800, points: 4, sessions: 2),  // last week's Monday
        LearningDayTotals(day: "2026-11-15", learningSeconds: 1_800, points: 5, sessions: 1),  // last week's Sunday
        LearningDayTotals(day: "2026-11-16", learningSeconds: 2_730, points: 6, sessions: 1),  // 45.5 minutes
        LearningDayTotals(day: "2026-11-22", learningSeconds: 2_730, points: 5, sessions: 1),
        LearningDayTotals(day: "2026-11-23", learningSeconds: 600, points: 1, sessions: 1),  // next week
    ]
    let now = F.utc("2026-11-21T17:00:00Z")

    @Test func thisWeekAgainstLastWeek() {
        let summary = LearningSummary(days: days, now: now, calendar: F.newYork)
        // 2 × 45.5 minutes is 91 whole minutes (seconds are summed before rounding down).
        #expect(summary.thisWeek == LearningSummary.Totals(minutes: 91, points: 11, sessions: 2))
        #expect(summary.lastWeek == LearningSummary.Totals(minutes: 60, points: 9, sessions: 3))
        // 91 vs 60 is +51.7 %, 11 vs 9 is +22.2 %, 2 vs 3 is -33.3 %.
        #expect(summary.changePercent == LearningSummary.Change(minutes: 51.7, points: 22.2, sessions: -33.3))
    }

    @Test func nothingLastWeekMeansNoPercentage() {
        let summary = LearningSummary(days: days.filter { $0.day >= "2026-11-16" }, now: now, calendar: F.newYork)
        #expect(summary.lastWeek == LearningSummary.Totals(minutes: 0, points: 0, sessions: 0))
        #expect(summary.changePercent == LearningSummary.Change(minutes: nil, points: nil, sessions: nil))
        #expect(LearningSummary.changePercent(0, from: 4) == -100)
        #expect(LearningSummary.changePercent(9, from: 6) == 50)
        #expect(LearningSummary.changePercent(1, from: 3) == -66.7)
    }

    @Test func theWeekIsTheFamilysWeek() {
        // 03:00Z on Monday 23rd is still Sunday night in New York, already Monday in London.
        let late = F.utc("2026-11-23T03:00:00Z")
        #expect(LearningSummary(days: days, now: late, calendar: F.newYork).thisWeek.minutes == 91)
        #expect(LearningSummary(days: days, now: late, calendar: F.london).thisWeek.minutes == 10)
        #expect(LearningSummary(days: days, now: late, calendar: F.london).lastWeek.minutes == 91)
    }

    @Test func theLastSixMonthsOldestFirst() {
        let months = LearningSummary(days: days, now: now, calendar: F.newYork).months
        #expect(months.map(\.month) == ["2026-06", "2026-07", "2026-08", "2026-09", "2026-10", "2026-11"])
        #expect(months.first == LearningSummary.Month(month: "2026-06", minutes: 10, points: 2))
        #expect(months[1] == LearningSummary.Month(month: "2026-07", minutes: 0, points: 0))
        // November: 6,000 + 1,800 + 1,800 + 2,730 + 2,730 + 600 seconds = 261 minutes; 71 points.
        #expect(months.last == LearningSummary.Month(month: "2026-11", minutes: 261, points: 71))
        let february = LearningSummary(days: [], now: F.utc("2027-02-10T12:00:00Z"), calendar: F.newYork).months
        #expect(february.map(\.month) == ["2026-09", "2026-10", "2026-11", "2026-12", "2027-01", "2027-02"])
    }
}
