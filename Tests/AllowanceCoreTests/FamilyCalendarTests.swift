import Foundation
import Testing

@testable import AllowanceCore

@Suite struct FamilyCalendarTests {
    let newYork = FamilyCalendar(identifier: "America/New_York")!

    func utc(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    @Test func unknownZonesAreRefused() {
        #expect(FamilyCalendar(identifier: "Mars/Olympus") == nil)
        #expect(FamilyCalendar(identifier: "") == nil)
        #expect(FamilyCalendar(identifier: "Europe/Oslo") != nil)
    }

    @Test func todayIsTheFamilysToday() {
        // 03:30 UTC on 1 November is still 31 October in New York.
        let instant = utc("2026-11-01T03:30:00Z")
        #expect(newYork.dayKey(instant) == "2026-10-31")
        #expect(FamilyCalendar(timeZone: .gmt).dayKey(instant) == "2026-11-01")
        #expect(newYork.startOfMonth(instant) == utc("2026-10-01T04:00:00Z"))
    }

    /// The chart's run of day keys is the calendar's own, day by day, across clock changes,
    /// month and year ends and leap days, in zones either side of UTC.
    @Test func dayKeysStepBackAsTheCalendarDoes() {
        let zones = ["America/New_York", "Pacific/Auckland", "Europe/London", "Asia/Kolkata", "Pacific/Kiritimati"]
        let instants = [
            "2026-11-01T03:30:00Z", "2024-03-01T12:00:00Z", "2000-03-01T00:30:00Z", "2026-01-01T10:00:00Z", "2100-03-01T12:00:00Z",
        ]
        for zone in zones {
            let calendar = FamilyCalendar(identifier: zone)!
            for instant in instants.map(utc) {
                let expected = (0..<400).map { calendar.dayKey(calendar.adding(days: -$0, to: instant)) }
                #expect(calendar.dayKeys(endingAt: instant, count: 400) == expected, "\(zone) \(instant)")
            }
        }
        #expect(newYork.dayKeys(endingAt: utc("2024-03-01T12:00:00Z"), count: 3) == ["2024-03-01", "2024-02-29", "2024-02-28"])
        #expect(newYork.dayKeys(endingAt: utc("2026-11-01T03:30:00Z"), count: 0) == [])
    }

    /// Days between two instants are the calendar's own count between their local days, across
    /// clock changes, leap days, years and centuries, either way round, in zones either side of
    /// UTC, and for dates before the Gregorian calendar began.
    @Test func daysBetweenCountsAsTheCalendarDoes() {
        let zones = ["America/New_York", "Pacific/Auckland", "Europe/London", "Asia/Kolkata", "Pacific/Kiritimati"]
        let instants = [
            "2026-11-01T03:30:00Z", "2024-02-29T23:30:00Z", "2000-03-01T00:30:00Z", "2026-03-08T06:59:00Z", "2100-03-01T12:00:00Z",
            "1970-01-01T00:00:00Z", "1900-02-28T12:00:00Z", "1500-06-01T12:00:00Z",
        ].map(utc)
        for zone in zones {
            let calendar = FamilyCalendar(identifier: zone)!
            for from in instants {
                for to in instants + (0..<40).map({ calendar.adding(days: $0 * 11, to: from).addingTimeInterval(Double($0) * 3_001) }) {
                    let expected = calendar.calendar.dateComponents([.day], from: calendar.startOfDay(from), to: calendar.startOfDay(to))
                        .day
                    #expect(calendar.daysBetween(from, to) == expected, "\(zone) \(from) \(to)")
                }
            }
        }
        #expect(newYork.daysBetween(utc("2026-11-01T03:30:00Z"), utc("2026-11-01T05:00:00Z")) == 1)
        #expect(newYork.daysBetween(utc("2024-02-28T12:00:00Z"), utc("2024-03-01T12:00:00Z")) == 2)
    }

    @Test func paydayIsTodayOnTheDayItself() {
        let saturday = utc("2026-11-21T18:30:00Z")
        let schedule = AllowanceSchedule(day: .saturday, calendar: newYork)
        #expect(schedule.daysUntilNextPayday(from: saturday) == 0)
        #expect(schedule.nextPayday(from: saturday) == utc("2026-11-21T05:00:00Z"))
        #expect(schedule.lastPayday(from: saturday) == utc("2026-11-14T05:00:00Z"))
        #expect(countdownText(days: 0) == "Today")
        #expect(countdownText(days: 1) == "Tomorrow")
        #expect(countdownText(days: 3) == "3 days")
    }

    @Test func theNextPaydayOwedSkipsOneBeforeJoining() {
        let schedule = AllowanceSchedule(day: .saturday, calendar: newYork)
        let saturday = utc("2026-11-21T18:30:00Z")
        // Joined on Friday: today's payday is owed. Joined this morning: next Saturday's is the first.
        #expect(schedule.nextPayday(from: saturday, joined: utc("2026-11-20T15:00:00Z")) == utc("2026-11-21T05:00:00Z"))
        #expect(schedule.nextPayday(from: saturday, joined: utc("2026-11-21T14:00:00Z")) == utc("2026-11-28T05:00:00Z"))
    }

    @Test func paydayAcrossTheAutumnClockChange() {
        // Saturday 31 October 2026, noon in New York; clocks go back on Sunday 1 November.
        let before = utc("2026-10-31T16:00:00Z")
        let schedule = AllowanceSchedule(day: .monday, calendar: newYork)
        // Monday 2 November, local midnight, which is now UTC-5.
        #expect(schedule.nextPayday(from: before) == utc("2026-11-02T05:00:00Z"))
        #expect(schedule.daysUntilNextPayday(from: before) == 2)
        // The previous Monday was still on summer time (UTC-4).
        #expect(schedule.lastPayday(from: before) == utc("2026-10-26T04:00:00Z"))
    }

    @Test func paydayAcrossTheSpringClockChange() {
        // Saturday 7 March 2026 in New York; clocks go forward on Sunday 8 March.
        let before = utc("2026-03-07T15:00:00Z")
        let schedule = AllowanceSchedule(day: .sunday, calendar: newYork)
        #expect(schedule.nextPayday(from: before) == utc("2026-03-08T05:00:00Z"))
        #expect(schedule.daysUntilNextPayday(from: before) == 1)
        let tuesday = AllowanceSchedule(day: .tuesday, calendar: newYork)
        #expect(tuesday.nextPayday(from: before) == utc("2026-03-10T04:00:00Z"))
        #expect(tuesday.daysUntilNextPayday(from: before) == 3)
    }

    @Test func lateEveningIsStillTheSameLocalDay() {
        // Friday 23:59 in Los Angeles is Saturday in UTC; a Saturday payday is tomorrow.
        let la = FamilyCalendar(identifier: "America/Los_Angeles")!
        let lateFriday = utc("2026-11-21T07:59:00Z")
        let schedule = AllowanceSchedule(day: .saturday, calendar: la)
        #expect(la.weekday(of: lateFriday) == .friday)
        #expect(schedule.daysUntilNextPayday(from: lateFriday) == 1)
    }

    @Test func weekdaysAreNumberedFromSunday() {
        #expect(Weekday.sunday.rawValue == 0)
        #expect(Weekday.saturday.rawValue == 6)
        #expect(Weekday.friday.name == "Friday")
    }

    /// The month-and-day text is put together by hand; it says what a `DateFormatter` with
    /// "MMMM d" (and ", yyyy" in another year) says, every day of two years, in zones on both
    /// sides of UTC, near local midnight where the day differs from UTC's.
    @Test func monthDayReadsLikeTheFormatter() throws {
        let now = try Date("2026-06-15T12:00:00Z", strategy: .iso8601)
        for identifier in ["America/New_York", "Pacific/Auckland", "UTC"] {
            let calendar = try #require(FamilyCalendar(identifier: identifier))
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = calendar.timeZone
            var date = try Date("2026-01-01T04:30:00Z", strategy: .iso8601)
            for _ in 0..<730 {
                formatter.dateFormat = "yyyy"
                let sameYear = formatter.string(from: date) == formatter.string(from: now)
                formatter.dateFormat = sameYear ? "MMMM d" : "MMMM d, yyyy"
                #expect(calendar.monthDay(date, withYearUnlessIn: now) == formatter.string(from: date), "\(date) in \(identifier)")
                date = date.addingTimeInterval(86_400)
            }
        }
    }
}

@Suite struct AccountRuleTests {
    @Test func passwordStrengthAsTheSignUpScreenScoresIt() {
        #expect(PasswordStrength(of: "") == .weak)
        #expect(PasswordStrength(of: "abcdef") == .weak)
        #expect(PasswordStrength(of: "abcdefgh1") == .medium)
        #expect(PasswordStrength(of: "Abcdefgh1") == .medium)
        #expect(PasswordStrength(of: "Abcdefgh1!") == .strong)
    }

    @Test func emailAndPasswordMessages() {
        #expect(AccountValidation.emailProblem("") == "Email is required")
        #expect(AccountValidation.emailProblem("kai@") == "Please enter a valid email address")
        #expect(AccountValidation.emailProblem("kai@example") == "Please enter a valid email address")
        #expect(AccountValidation.emailProblem("kai@example.com") == nil)
        #expect(AccountValidation.newPasswordProblem("") == "Password is required")
        #expect(AccountValidation.newPasswordProblem("12345") == "Password must be at least 6 characters")
        #expect(AccountValidation.newPasswordProblem("123456") == nil)
        #expect(AccountValidation.requiredProblem(" ", label: "First name") == "First name is required")
    }
}
