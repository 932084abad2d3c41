import Foundation

/// A matching rule's `matchRatio`, exact to four decimals and held as an integer number of
/// ten-thousandths: 0.5 ("$1 for every $2") is 5_000; a percentage of 50 is 500_000. Like
/// `Money` it never passes through a floating-point number, so the cents it yields are exact.
public struct MatchRatio: Hashable, Comparable, Sendable {
    public static let scale: Int64 = 10_000
    public var tenThousandths: Int64

    public init(tenThousandths: Int64) { self.tenThousandths = tenThousandths }

    /// Fails when the number has more than four decimals or is beyond ±1,000,000.
    public init?(exactly decimal: Decimal) {
        guard decimal.isFinite, decimal.magnitude <= 1_000_000 else { return nil }
        var scaled = decimal * Decimal(Self.scale)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        guard rounded == scaled else { return nil }
        self.init(tenThousandths: NSDecimalNumber(decimal: rounded).int64Value)
    }

    /// "0.5", "1.25", "50".
    public init?(_ text: String) {
        guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
        self.init(exactly: decimal)
    }

    public var decimal: Decimal { Decimal(tenThousandths) / Decimal(Self.scale) }
    public var isPositive: Bool { tenThousandths > 0 }

    /// Plain text without trailing zeros: "0.5", "2", "12.5".
    public var text: String { "\(decimal)" }

    public static func < (lhs: MatchRatio, rhs: MatchRatio) -> Bool { lhs.tenThousandths < rhs.tenThousandths }

    /// `amount × ratio`, rounded down to a whole cent: a parent's match never exceeds the rule.
    public func times(_ amount: Money) -> Money {
        let (product, overflow) = amount.cents.multipliedReportingOverflow(by: tenThousandths)
        guard !overflow else { return Money.maximum }
        return Money(cents: product / Self.scale)
    }
}

extension MatchRatio: Codable {
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let value: MatchRatio?
        if let text = try? container.decode(String.self) {
            value = MatchRatio(text)
        } else if let decimal = try? container.decode(Decimal.self) {
            value = MatchRatio(exactly: decimal)
        } else {
            value = nil
        }
        guard let value else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "must be a number with at most four decimal places")
        }
        self = value
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(decimal)
    }
}
