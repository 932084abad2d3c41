import AllowanceAPI
import Foundation

/// How money and dates read on every screen and in the terminal, in one place: the person's
/// locale, the family's time zone, the family's currency.
public struct DisplayFormat: Sendable {
    public var locale: Locale
    public var timeZone: TimeZone
    public var currencyCode: String

    public init(locale: Locale = .current, timeZone: TimeZone = .current, currencyCode: String = "USD") {
        self.locale = locale
        self.timeZone = timeZone
        self.currencyCode = currencyCode
    }

    // MARK: - Money

    /// "$1,234.50" in en_US, "1.234,50 $" in de_DE; exact, from the decimal (never a Double).
    public func money(_ amount: Money) -> String {
        amount.decimal.formatted(.currency(code: currencyCode).locale(locale))
    }

    /// "+$5.00" / "-$2.50": a change, signed ("$0.00" for none).
    public func signedMoney(_ amount: Money) -> String {
        amount.isPositive ? "+" + money(amount) : money(amount)
    }

    // MARK: - Dates

    /// "Nov 21, 2026".
    public func date(_ date: Date) -> String {
        date.formatted(Date.FormatStyle(date: .abbreviated, time: .omitted, locale: locale, calendar: calendar, timeZone: timeZone))
    }

    /// "Nov 21, 2026 at 1:30 PM".
    public func dateTime(_ date: Date) -> String {
        date.formatted(Date.FormatStyle(date: .abbreviated, time: .shortened, locale: locale, calendar: calendar, timeZone: timeZone))
    }

    /// A day as people say it from `now`: "Today", "Tomorrow", a weekday within the coming
    /// week ("Friday"), otherwise the date.
    public func day(_ date: Date, from now: Date) -> String {
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: now), to: calendar.startOfDay(for: date)).day ?? 0
        switch days {
        case 0, 1, -1: return namedDay(date, from: now)
        case 2...6: return date.formatted(Date.FormatStyle(locale: locale, calendar: calendar, timeZone: timeZone).weekday(.wide))
        default: return self.date(date)
        }
    }

    /// "Next allowance: Friday".
    public func nextAllowance(_ date: Date, from now: Date) -> String {
        "Next allowance: \(day(date, from: now))"
    }

    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = locale
        return calendar
    }

    /// "Today", "Tomorrow", "Yesterday" in the person's language.
    private func namedDay(_ date: Date, from now: Date) -> String {
        let target = calendar.startOfDay(for: date)
        let today = calendar.startOfDay(for: now)
        if #available(macOS 15, iOS 18, *) {
            // The anchored style reads the anchor as seen from the date it formats.
            let style = Date.AnchoredRelativeFormatStyle(
                anchor: target, allowedFields: [.day], presentation: .named, unitsStyle: .wide, locale: locale, calendar: calendar,
                capitalizationContext: .beginningOfSentence)
            return style.format(today)
        } else {
            #if canImport(Darwin)
                let formatter = RelativeDateTimeFormatter()
                formatter.dateTimeStyle = .named
                formatter.locale = locale
                formatter.calendar = calendar
                formatter.formattingContext = .beginningOfSentence
                return formatter.localizedString(for: target, relativeTo: today)
            #else
                return self.date(date)
            #endif
        }
    }
}
