import AllowanceAPI
import AllowanceKit
import Foundation
import Testing

@Suite struct DisplayFormatTests {
    let newYork = TimeZone(identifier: "America/New_York")!
    /// Saturday 2026-11-21 13:30 in New York.
    let saturday = Date(timeIntervalSince1970: 1_795_285_800)

    @Test func moneyIsExactAndLocal() {
        let us = DisplayFormat(locale: Locale(identifier: "en_US"), timeZone: newYork)
        let german = DisplayFormat(locale: Locale(identifier: "de_DE"), timeZone: newYork, currencyCode: "EUR")
        #expect(us.money(Money(cents: 123_450)) == "$1,234.50")
        #expect(us.money(Money(cents: 10)) == "$0.10")
        #expect(us.signedMoney(Money(cents: 550)) == "+$5.50")
        #expect(us.signedMoney(Money(cents: -300)) == "-$3.00")
        #expect(german.money(Money(cents: 123_450)) == "1.234,50\u{a0}€")
        // Larger than a Double holds to the cent.
        #expect(us.money(Money(cents: 90_071_992_547_409_93)) == "$90,071,992,547,409.93")
    }

    @Test func daysReadAsPeopleSayThem() {
        let format = DisplayFormat(locale: Locale(identifier: "en_US"), timeZone: newYork)
        let day: TimeInterval = 86_400
        #expect(format.day(saturday.addingTimeInterval(3_600), from: saturday) == "Today")
        #expect(format.day(saturday.addingTimeInterval(day), from: saturday) == "Tomorrow")
        #expect(format.day(saturday.addingTimeInterval(6 * day), from: saturday) == "Friday")
        #expect(format.day(saturday.addingTimeInterval(10 * day), from: saturday) == "Dec 1, 2026")
        #expect(format.nextAllowance(saturday.addingTimeInterval(6 * day), from: saturday) == "Next allowance: Friday")
    }

    @Test func daysFollowTheFamilysZoneAndLanguage() {
        // 23:30 on Saturday in New York is already Sunday in UTC.
        let late = Date(timeIntervalSince1970: 1_795_285_800 + 10 * 3_600)
        let newYorkFormat = DisplayFormat(locale: Locale(identifier: "en_US"), timeZone: newYork)
        #expect(newYorkFormat.day(late, from: saturday) == "Today")
        let french = DisplayFormat(locale: Locale(identifier: "fr_FR"), timeZone: newYork)
        #expect(french.day(saturday.addingTimeInterval(86_400), from: saturday) == "Demain")
        #expect(french.day(saturday.addingTimeInterval(6 * 86_400), from: saturday) == "vendredi")
    }

    @Test func csvQuotesWhatNeedsQuotingAndNeverRunsFormulas() {
        let row = TransactionResponse(
            id: UUID(), childId: UUID(), amount: Money(cents: 300), type: .debit, description: "Comic, \"special\"", category: "=SUM(A1)",
            notes: nil, balanceAfter: Money(cents: 9_700), createdAt: saturday, createdBy: nil, createdByName: "Alex")
        let csv = TransactionCSV.document([row])
        let lines = csv.components(separatedBy: "\r\n")
        #expect(lines[0] == "date,type,amount,balance_after,description,category,notes,created_by")
        #expect(lines[1] == "2026-11-21T18:30:00.000Z,Debit,-3.00,97.00,\"Comic, \"\"special\"\"\",'=SUM(A1),,Alex")
    }
}
