import Foundation
import Testing

@testable import AllowanceCore

@Suite struct MoneyTests {
    @Test(
        arguments: [
            ("12", 1200), ("12.5", 1250), ("12.50", 1250), ("0.01", 1), (".99", 99), ("$1,234.56", 123_456), ("-3.07", -307),
            ("1.500", 150), ("  7.10 ", 710), ("0", 0), ("1,234,567", 123_456_700), ("12,345.6", 1_234_560),
        ] as [(String, Int64)])
    func parsesExactCents(text: String, cents: Int64) throws {
        #expect(try Money(parsing: text) == Money(cents: cents))
    }

    @Test(arguments: ["1.005", "0.001", "12.345"])
    func refusesMoreThanTwoDecimals(text: String) {
        #expect(throws: MoneyParseError.tooManyDecimals) { try Money(parsing: text) }
    }

    /// A decimal comma ("1,50", as German or French write it) is refused, not read as $150.00,
    /// and so is a comma that does not separate thousands.
    @Test(arguments: [
        "", "abc", "1.2.3", "1e5", "$", "--1", "١٢", "1,50", "0,5", "2,5", "1,2345", ",100", "1,000,00", "1.000,50", "12.5,0",
    ])
    func refusesWhatIsNotANumber(text: String) {
        #expect(throws: MoneyParseError.notANumber) { try Money(parsing: text) }
    }

    @Test func refusesAmountsBeyondTheMaximum() {
        #expect(throws: MoneyParseError.outOfRange) { try Money(parsing: "1000000000.01") }
        #expect(throws: MoneyParseError.outOfRange) { try Money(parsing: "99999999999999999999") }
    }

    @Test func formatsAsPeopleReadMoney() {
        #expect(Money(cents: 123_456).formatted == "$1,234.56")
        #expect(Money(cents: -307).formatted == "-$3.07")
        #expect(Money(cents: 5).formatted == "$0.05")
        #expect(Money(cents: 100_000_000).formatted == "$1,000,000.00")
        #expect(Money(cents: 500).signedFormatted == "+$5.00")
        #expect(Money(cents: -250).signedFormatted == "-$2.50")
        #expect(Money.zero.signedFormatted == "$0.00")
        #expect(Money(cents: 1250).plainText == "12.50")
    }

    @Test func decimalsConvertExactly() throws {
        #expect(try Money(exactly: Decimal(string: "0.1")!) == Money(cents: 10))
        #expect(try Money(exactly: Decimal(string: "19.99")!) == Money(cents: 1999))
        #expect(throws: MoneyParseError.tooManyDecimals) { try Money(exactly: Decimal(string: "0.015")!) }
        #expect(Money(cents: 1999).decimal == Decimal(string: "19.99"))
    }

    @Test func travelsAsATwoDecimalJSONNumber() throws {
        struct Box: Codable { var amount: Money }
        let json = try JSONEncoder().encode(Box(amount: Money(cents: 1050)))
        #expect(String(decoding: json, as: UTF8.self) == #"{"amount":10.5}"#)
        #expect(try JSONDecoder().decode(Box.self, from: Data(#"{"amount":0.1}"#.utf8)).amount == Money(cents: 10))
        #expect(try JSONDecoder().decode(Box.self, from: Data(#"{"amount":"12.34"}"#.utf8)).amount == Money(cents: 1234))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Box.self, from: Data(#"{"amount":1.005}"#.utf8)) }
        // Ten cents added ten times is exactly one dollar: no floating point anywhere.
        let total = (0..<10).reduce(Money.zero) { sum, _ in sum + Money(cents: 10) }
        #expect(total == Money(cents: 100))
    }

    /// The wire text is the exact amount whichever way it is encoded: every cent from -$1,000
    /// to $1,000, amounts near the maximum and beyond where a Double stops being exact,
    /// each printed as `Decimal` prints it and, up to the maximum, read back to the same cents.
    @Test func encodesEveryAmountAsItsExactDecimalText() throws {
        struct Box: Codable { var amount: Money }
        let edge = Int64((1 << 53) / 100)
        var cents = Array(-100_000...100_000).map(Int64.init)
        cents += [Money.maximum.cents, -Money.maximum.cents, edge - 1, edge, edge + 1, -edge, Int64.max / 2]
        var generator = SystemRandomNumberGenerator()
        cents += (0..<10_000).map { _ in Int64.random(in: -edge...edge, using: &generator) }
        let encoder = JSONEncoder()
        for value in cents {
            let text = String(decoding: try encoder.encode(Box(amount: Money(cents: value))), as: UTF8.self)
            #expect(text == #"{"amount":\#(Money(cents: value).decimal)}"#, "\(value) cents")
            // Reading refuses amounts beyond the maximum, whatever their form.
            guard value.magnitude <= Money.maximum.cents.magnitude else { continue }
            #expect(try JSONDecoder().decode(Box.self, from: Data(text.utf8)).amount == Money(cents: value))
        }
    }
}

@Suite struct LedgerRuleTests {
    @Test func creditAddsAndDebitSubtracts() throws {
        #expect(try balance(Money(cents: 1000), after: .credit, of: Money(cents: 250)) == Money(cents: 1250))
        #expect(try balance(Money(cents: 1000), after: .debit, of: Money(cents: 1000)) == .zero)
    }

    @Test func debitBeyondTheBalanceIsRefused() {
        #expect(throws: LedgerRuleError.insufficientBalance(available: Money(cents: 300))) {
            try balance(Money(cents: 300), after: .debit, of: Money(cents: 301))
        }
        #expect(throws: LedgerRuleError.amountNotPositive) { try balance(.zero, after: .credit, of: .zero) }
    }

    @Test func periodTotalsAddUp() {
        var totals = PeriodTotals()
        totals.add(.credit, Money(cents: 1000))
        totals.add(.debit, Money(cents: 325))
        totals.add(.credit, Money(cents: 50))
        #expect(totals.earned == Money(cents: 1050))
        #expect(totals.spent == Money(cents: 325))
        #expect(totals.net == Money(cents: 725))
        #expect(totals.count == 3)
    }
}
