import Foundation
import Testing

@testable import AllowanceCore

private let newYork = FamilyCalendar(identifier: "America/New_York")!
private func utc(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }
private func at(_ hour: Int, _ minute: Int = 0) -> TimeOfDay { TimeOfDay(hour: hour, minute: minute)! }

@Suite struct RecurrenceRuleTests {
    @Test func dailyReturnsTheNextDayAtItsTime() {
        let rule = RecurrenceRule(pattern: .daily, timeOfDay: at(9), startDate: utc("2026-11-21T05:00:00Z"))
        // Created at 13:30 on the 21st: 09:00 that day has passed.
        let first = rule.firstOccurrence(onOrAfter: utc("2026-11-21T18:30:00Z"), in: newYork)
        #expect(first == utc("2026-11-22T14:00:00Z"))
        #expect(rule.occurrence(after: first, in: newYork) == utc("2026-11-23T14:00:00Z"))
        // Before 09:00 the same day is still to come.
        #expect(rule.firstOccurrence(onOrAfter: utc("2026-11-21T06:00:00Z"), in: newYork) == utc("2026-11-21T14:00:00Z"))
    }

    @Test func weeklyStaysAtNineAcrossTheAutumnClockChange() {
        let rule = RecurrenceRule(pattern: .weekly, dayOfWeek: .monday, timeOfDay: at(9), startDate: utc("2026-10-20T04:00:00Z"))
        let dates = rule.occurrences(from: utc("2026-10-20T04:00:00Z"), through: utc("2026-11-10T00:00:00Z"), in: newYork)
        // 09:00 EDT (UTC-4), then 09:00 EST (UTC-5) after 1 November.
        #expect(dates == [utc("2026-10-26T13:00:00Z"), utc("2026-11-02T14:00:00Z"), utc("2026-11-09T14:00:00Z")])
    }

    @Test func biWeeklyCountsFortnightsFromTheFirstMatchingDay() {
        // Starts on Wednesday 25 November; the schedule is every other Friday.
        let rule = RecurrenceRule(pattern: .biWeekly, dayOfWeek: .friday, startDate: utc("2026-11-25T05:00:00Z"))
        let dates = rule.occurrences(from: utc("2026-11-25T05:00:00Z"), through: utc("2026-12-31T00:00:00Z"), in: newYork)
        #expect(dates == [utc("2026-11-27T05:00:00Z"), utc("2026-12-11T05:00:00Z"), utc("2026-12-25T05:00:00Z")])
        // Without a day it keeps the start's weekday.
        let sameDay = RecurrenceRule(pattern: .biWeekly, startDate: utc("2026-11-25T05:00:00Z"))
        #expect(sameDay.occurrence(after: utc("2026-11-25T05:00:00Z"), in: newYork) == utc("2026-12-09T05:00:00Z"))
    }

    @Test func monthlyReturnsTheNextMonthAcrossTheSpringClockChange() {
        let rule = RecurrenceRule(pattern: .monthly, dayOfMonth: 15, timeOfDay: at(8), startDate: utc("2026-01-20T05:00:00Z"))
        let dates = rule.occurrences(from: utc("2026-01-20T05:00:00Z"), through: utc("2026-04-30T00:00:00Z"), in: newYork)
        #expect(dates == [utc("2026-02-15T13:00:00Z"), utc("2026-03-15T12:00:00Z"), utc("2026-04-15T12:00:00Z")])
    }

    @Test func lastOfMonthFindsShortMonthsAndLeapDays() {
        let rule = RecurrenceRule(pattern: .lastOfMonth, startDate: utc("2026-01-01T05:00:00Z"))
        let dates = rule.occurrences(from: utc("2026-01-01T05:00:00Z"), through: utc("2026-05-01T00:00:00Z"), in: newYork)
        #expect(
            dates == [utc("2026-01-31T05:00:00Z"), utc("2026-02-28T05:00:00Z"), utc("2026-03-31T04:00:00Z"), utc("2026-04-30T04:00:00Z")])
        #expect(rule.firstOccurrence(onOrAfter: utc("2028-02-01T05:00:00Z"), in: newYork) == utc("2028-02-29T05:00:00Z"))
    }

    @Test func firstOfMonthCrossesTheYear() {
        let rule = RecurrenceRule(pattern: .firstOfMonth, timeOfDay: at(7, 30), startDate: utc("2026-11-21T18:30:00Z"))
        let dates = rule.occurrences(from: utc("2026-11-21T18:30:00Z"), through: utc("2027-01-31T00:00:00Z"), in: newYork)
        #expect(dates == [utc("2026-12-01T12:30:00Z"), utc("2027-01-01T12:30:00Z")])
    }

    @Test func aTimeTheClocksSkipMovesToTheEndOfTheGap() {
        // 02:30 does not exist in New York on 8 March 2026: it happens at 03:00 EDT.
        let rule = RecurrenceRule(pattern: .daily, timeOfDay: at(2, 30), startDate: utc("2026-03-07T05:00:00Z"))
        let dates = rule.occurrences(from: utc("2026-03-07T05:00:00Z"), through: utc("2026-03-10T00:00:00Z"), in: newYork)
        #expect(dates == [utc("2026-03-07T07:30:00Z"), utc("2026-03-08T07:00:00Z"), utc("2026-03-09T06:30:00Z")])
    }

    @Test func nothingHappensBeforeTheStart() {
        let rule = RecurrenceRule(pattern: .weekly, dayOfWeek: .saturday, timeOfDay: at(0), startDate: utc("2026-12-01T05:00:00Z"))
        #expect(rule.firstOccurrence(onOrAfter: utc("2026-11-21T05:00:00Z"), in: newYork) == utc("2026-12-05T05:00:00Z"))
    }

    @Test func patternDescriptionsReadLikeTheDocument() {
        let start = utc("2026-11-21T05:00:00Z")
        #expect(RecurrenceRule(pattern: .weekly, dayOfWeek: .monday, startDate: start).patternDescription(in: newYork) == "Every Monday")
        #expect(
            RecurrenceRule(pattern: .monthly, dayOfMonth: 15, startDate: start).patternDescription(in: newYork) == "Monthly on the 15th")
        #expect(RecurrenceRule(pattern: .daily, startDate: start).patternDescription(in: newYork) == "Every day")
        #expect(RecurrenceRule(pattern: .biWeekly, startDate: start).patternDescription(in: newYork) == "Every other Saturday")
        #expect(RecurrenceRule(pattern: .firstOfMonth, startDate: start).patternDescription(in: newYork) == "First day of every month")
        #expect(RecurrenceRule(pattern: .lastOfMonth, startDate: start).patternDescription(in: newYork) == "Last day of every month")
        #expect(
            [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 28].map(ordinal) == [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "28th",
            ])
    }

    @Test func theStateAfterAnOccurrenceRespectsMaxOccurrencesAndEndDate() {
        let rule = RecurrenceRule(pattern: .daily, startDate: utc("2026-11-22T05:00:00Z"))
        let second = rule.state(afterOccurrence: 2, dueAt: utc("2026-11-23T05:00:00Z"), endDate: nil, maxOccurrences: 3, in: newYork)
        #expect(second == RecurrenceState(occurrenceCount: 2, nextExecutionDate: utc("2026-11-24T05:00:00Z"), isActive: true))
        let third = rule.state(afterOccurrence: 3, dueAt: utc("2026-11-24T05:00:00Z"), endDate: nil, maxOccurrences: 3, in: newYork)
        #expect(!third.isActive)
        // The end is exclusive: an occurrence exactly at the end does not happen.
        let ended = rule.state(
            afterOccurrence: 1, dueAt: utc("2026-11-22T05:00:00Z"), endDate: utc("2026-11-23T05:00:00Z"), maxOccurrences: nil, in: newYork)
        #expect(!ended.isActive)
    }
}

@Suite struct RecurrenceSettingsTests {
    let now = utc("2026-11-21T18:30:00Z")

    func problem(
        _ pattern: RecurrencePattern, dayOfWeek: Int? = nil, dayOfMonth: Int? = nil, start: String = "2026-11-22T05:00:00Z",
        end: String? = nil, max: Int? = nil
    ) -> String? {
        RecurrenceValidation.problem(
            pattern: pattern, dayOfWeek: dayOfWeek, dayOfMonth: dayOfMonth, startDate: utc(start), endDate: end.map(utc),
            maxOccurrences: max,
            now: now, calendar: newYork)
    }

    @Test func badSettingsAreNamed() {
        #expect(problem(.weekly, dayOfWeek: 7) == "dayOfWeek must be from 0 (Sunday) to 6 (Saturday)")
        #expect(problem(.weekly, dayOfWeek: -1) == "dayOfWeek must be from 0 (Sunday) to 6 (Saturday)")
        #expect(problem(.monthly, dayOfMonth: 29) == "dayOfMonth must be from 1 to 28")
        #expect(problem(.monthly, dayOfMonth: 0) == "dayOfMonth must be from 1 to 28")
        // The day fields are optional (the documents' DTO): the start date supplies them.
        #expect(problem(.weekly) == nil)
        #expect(problem(.monthly) == nil)
        #expect(problem(.daily, start: "2026-11-20T12:00:00Z") == "startDate cannot be in the past")
        #expect(problem(.daily, end: "2026-11-22T05:00:00Z") == "endDate must be after startDate")
        #expect(problem(.daily, max: 0) == "maxOccurrences must be from 1 to 10000")
        // Today's midnight is a fine start, but an end earlier today has passed.
        #expect(problem(.daily, start: "2026-11-21T05:00:00Z", end: "2026-11-21T06:00:00Z") == "endDate must be in the future")
        // An existing schedule keeps its old start.
        #expect(
            RecurrenceValidation.problem(
                pattern: .daily, dayOfWeek: nil, dayOfMonth: nil, startDate: utc("2026-10-01T04:00:00Z"), endDate: nil, maxOccurrences: nil,
                now: now, calendar: newYork, isNew: false) == nil)
    }

    @Test func goodSettingsPass() {
        #expect(problem(.weekly, dayOfWeek: 0) == nil)
        #expect(problem(.monthly, dayOfMonth: 28, end: "2027-11-22T05:00:00Z", max: 12) == nil)
        #expect(problem(.biWeekly) == nil)
        // Earlier today is still today.
        #expect(problem(.daily, start: "2026-11-21T05:00:00Z") == nil)
    }

    @Test func aBareDateIsThatDayInTheFamilysZone() {
        let bare = utc("2026-12-01T00:00:00Z")
        #expect(newYork.localMidnight(ofWireDate: bare) == utc("2026-12-01T05:00:00Z"))
        #expect(FamilyCalendar(identifier: "Europe/Oslo")!.localMidnight(ofWireDate: bare) == utc("2026-11-30T23:00:00Z"))
        #expect(newYork.localMidnight(ofWireDate: utc("2026-12-01T09:00:00Z")) == nil)
    }

    @Test func timesOfDayParseAndPrint() throws {
        #expect(TimeOfDay(parsing: "9:30")?.text == "09:30:00")
        #expect(TimeOfDay(parsing: "23:59:59")?.secondsSinceMidnight == 86_399)
        #expect(TimeOfDay(parsing: "24:00") == nil)
        #expect(TimeOfDay(parsing: "09:60") == nil)
        #expect(TimeOfDay(parsing: "nine") == nil)
        #expect(TimeOfDay(parsing: "09:30:00:00") == nil)
        let json = try JSONEncoder().encode([at(7, 5)])
        #expect(String(decoding: json, as: UTF8.self) == #"["07:05:00"]"#)
        #expect(try JSONDecoder().decode([TimeOfDay].self, from: Data(#"["18:45"]"#.utf8)) == [at(18, 45)])
    }
}

@Suite struct PaydayDateTests {
    @Test func paydaysAcrossTheAutumnClockChangeStayAtLocalMidnight() {
        let schedule = AllowanceSchedule(day: .sunday, calendar: newYork)
        let days = schedule.paydays(after: utc("2026-10-20T12:00:00Z"), through: utc("2026-11-09T12:00:00Z"))
        // 1 November is the change day itself: its midnight is still summer time.
        #expect(days == [utc("2026-10-25T04:00:00Z"), utc("2026-11-01T04:00:00Z"), utc("2026-11-08T05:00:00Z")])
    }

    @Test func aThreeWeekOutageOwesThreePaydaysInOrder() {
        let schedule = AllowanceSchedule(day: .saturday, calendar: newYork)
        let days = schedule.paydays(after: utc("2026-11-21T18:30:00Z"), through: utc("2026-12-13T15:00:00Z"))
        #expect(days == [utc("2026-11-28T05:00:00Z"), utc("2026-12-05T05:00:00Z"), utc("2026-12-12T05:00:00Z")])
    }

    @Test func boundsAreAfterAndThrough() {
        let schedule = AllowanceSchedule(day: .saturday, calendar: newYork)
        let payday = utc("2026-11-28T05:00:00Z")
        #expect(schedule.paydays(after: payday, through: utc("2026-12-04T00:00:00Z")).isEmpty)
        #expect(schedule.paydays(after: utc("2026-11-27T05:00:00Z"), through: payday) == [payday])
        #expect(schedule.paydays(after: utc("2026-11-27T05:00:00Z"), through: payday.addingTimeInterval(-1)).isEmpty)
    }
}

@Suite struct QuickActionRuleTests {
    @Test func anOccurrenceIsPostedHeldOrSkipped() {
        let five = Money(cents: 5_00)
        #expect(
            OccurrenceAction(type: .debit, amount: five, balance: Money(cents: 4_99), requiresApproval: false) == .skipInsufficientBalance)
        #expect(OccurrenceAction(type: .debit, amount: five, balance: five, requiresApproval: false) == .post)
        #expect(OccurrenceAction(type: .credit, amount: five, balance: .zero, requiresApproval: false) == .post)
        #expect(OccurrenceAction(type: .debit, amount: five, balance: .zero, requiresApproval: true) == .holdForApproval)
    }

    @Test func templateAmountsAndSpokenBalances() {
        #expect(QuickActionRules.templateAmount(override: Money(cents: 7_00), defaultAmount: Money(cents: 5_00)) == Money(cents: 7_00))
        #expect(QuickActionRules.templateAmount(override: nil, defaultAmount: Money(cents: 5_00)) == Money(cents: 5_00))
        #expect(QuickActionRules.templateAmount(override: nil, defaultAmount: nil) == nil)
        #expect(QuickActionRules.balanceChangeText(Money(cents: 5_00)) == "+$5.00")
        #expect(QuickActionRules.balanceChangeText(Money(cents: -2_50)) == "-$2.50")
        #expect(
            QuickActionRules.spokenBalance(name: "Kai", balance: Money(cents: 42_50), changeToday: Money(cents: 5_00))
                == "Kai has $42.50. That's $5.00 more than yesterday.")
        #expect(
            QuickActionRules.spokenBalance(name: nil, balance: Money(cents: 3_00), changeToday: Money(cents: -1_25))
                == "You have $3.00. That's $1.25 less than yesterday.")
        #expect(
            QuickActionRules.spokenBalance(name: "Freya", balance: .zero, changeToday: .zero)
                == "Freya has $0.00. That's the same as yesterday.")
    }
}

@Suite struct RecurrenceDefaultsTests {
    @Test func aWeeklyScheduleWithoutADayRunsOnTheStartsWeekdayAtItsTime() {
        // Tuesday 1 December 2026, 16:30 in New York.
        let rule = RecurrenceRule(pattern: .weekly, startDate: utc("2026-12-01T21:30:00Z"))
        #expect(
            rule.occurrences(from: utc("2026-12-01T00:00:00Z"), through: utc("2026-12-16T00:00:00Z"), in: newYork) == [
                utc("2026-12-01T21:30:00Z"), utc("2026-12-08T21:30:00Z"), utc("2026-12-15T21:30:00Z"),
            ])
        let resolved = rule.resolved(in: newYork)
        #expect(resolved.dayOfWeek == .tuesday && resolved.timeOfDay == TimeOfDay(hour: 16, minute: 30))
        #expect(rule.patternDescription(in: newYork) == "Every Tuesday")
    }

    @Test func aMonthlyScheduleWithoutADayKeepsTheStartsDayAndEndsShortMonthsOnTheirLastDay() {
        // 31 January 2027, local midnight in New York.
        let rule = RecurrenceRule(pattern: .monthly, startDate: utc("2027-01-31T05:00:00Z"))
        #expect(
            rule.occurrences(from: utc("2027-01-01T00:00:00Z"), through: utc("2027-05-01T00:00:00Z"), in: newYork) == [
                utc("2027-01-31T05:00:00Z"), utc("2027-02-28T05:00:00Z"), utc("2027-03-31T04:00:00Z"), utc("2027-04-30T04:00:00Z"),
            ])
        #expect(rule.resolved(in: newYork).dayOfMonth == nil)
        #expect(rule.patternDescription(in: newYork) == "Monthly on the 31st")
        let fifteenth = RecurrenceRule(pattern: .monthly, startDate: utc("2027-01-15T05:00:00Z"))
        #expect(fifteenth.resolved(in: newYork).dayOfMonth == 15)
    }

    @Test func theDefaultTimeIsTheStartsLocalTimeAcrossDaylightSaving() {
        // Daily at 09:00 New York time, before and after the clocks change on 14 March 2027.
        let rule = RecurrenceRule(pattern: .daily, startDate: utc("2027-03-13T14:00:00Z"))
        #expect(
            rule.occurrences(from: utc("2027-03-13T00:00:00Z"), through: utc("2027-03-15T23:00:00Z"), in: newYork) == [
                utc("2027-03-13T14:00:00Z"), utc("2027-03-14T13:00:00Z"), utc("2027-03-15T13:00:00Z"),
            ])
    }
}
