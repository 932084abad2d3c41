import Foundation

/// An exact amount of money in integer cents. Never a floating-point number: the wire carries
/// two-decimal numbers, and parsing refuses anything that is not a whole number of cents.
public struct Money: Hashable, Comparable, Sendable {
    public var cents: Int64

    public init(cents: Int64) { self.cents = cents }

    public static let zero = Money(cents: 0)

    /// The largest amount a single field may hold ($1,000,000,000.00); keeps sums far from overflow.
    public static let maximum = Money(cents: 100_000_000_000)

    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.cents < rhs.cents }
    public static func + (lhs: Money, rhs: Money) -> Money { Money(cents: lhs.cents + rhs.cents) }
    public static func - (lhs: Money, rhs: Money) -> Money { Money(cents: lhs.cents - rhs.cents) }
    public static prefix func - (value: Money) -> Money { Money(cents: -value.cents) }
    public static func += (lhs: inout Money, rhs: Money) { lhs.cents += rhs.cents }
    public static func -= (lhs: inout Money, rhs: Money) { lhs.cents -= rhs.cents }

    public var isPositive: Bool { cents > 0 }
    public var isNegative: Bool { cents < 0 }
    public var magnitude: Money { Money(cents: cents.magnitude > Int64.max.magnitude ? .max : abs(cents)) }
}

// MARK: - Parsing

public enum MoneyParseError: Error, Equatable, Sendable {
    case notANumber
    case tooManyDecimals
    case outOfRange
}

extension Money {
    /// Parses "12", "12.5", "12.50", "-3.07", "$1,234.56". More than two decimals is an error,
    /// never a rounding: a person who typed 1.005 should be told, not silently charged 1.00.
    public init(parsing text: String) throws(MoneyParseError) {
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        var negative = false
        if body.first == "-" || body.first == "+" {
            negative = body.first == "-"
            body = body.dropFirst()
        }
        if body.first == "$" { body = body.dropFirst() }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2 else { throw .notANumber }
        let whole = try Self.ungrouped(parts[0])
        let fraction = parts.count == 2 ? parts[1] : ""
        guard !(whole.isEmpty && fraction.isEmpty),
            whole.allSatisfy({ $0.isASCII && $0.isNumber }),
            fraction.allSatisfy({ $0.isASCII && $0.isNumber })
        else { throw .notANumber }
        // Trailing zeros past the cents are harmless ("1.500" is $1.50).
        let significantFraction = fraction.count > 2 ? fraction.dropLast(while: { $0 == "0" }, keeping: 2) : Substring(fraction)
        guard significantFraction.count <= 2 else { throw .tooManyDecimals }
        let wholeDigits = whole.drop(while: { $0 == "0" })
        guard wholeDigits.count <= 12 else { throw .outOfRange }
        let wholeValue = Int64(wholeDigits.isEmpty ? "0" : String(wholeDigits)) ?? 0
        let paddedFraction = significantFraction.padding(toLength: 2, withPad: "0", startingAt: 0)
        let fractionValue = Int64(paddedFraction) ?? 0
        let cents = wholeValue * 100 + fractionValue
        guard cents <= Money.maximum.cents else { throw .outOfRange }
        self.init(cents: negative ? -cents : cents)
    }

    /// The whole dollars without their thousands separators, which must be where they belong
    /// ("1,234"). A comma anywhere else is refused, never dropped: "1,50" (a decimal comma)
    /// would otherwise be read as $150.00.
    private static func ungrouped(_ whole: Substring) throws(MoneyParseError) -> Substring {
        guard whole.contains(",") else { return whole }
        let groups = whole.split(separator: ",", omittingEmptySubsequences: false)
        guard (1...3).contains(groups[0].count), groups.dropFirst().allSatisfy({ $0.count == 3 }) else { throw .notANumber }
        return Substring(groups.joined())
    }

    /// Converts an exact decimal; fails when it is not a whole number of cents.
    public init(exactly decimal: Decimal) throws(MoneyParseError) {
        guard decimal.isFinite else { throw .notANumber }
        var scaled = decimal * 100
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        guard rounded == scaled else { throw .tooManyDecimals }
        guard rounded.magnitude <= Decimal(Money.maximum.cents) else { throw .outOfRange }
        self.init(cents: NSDecimalNumber(decimal: rounded).int64Value)
    }

    /// The exact decimal value in dollars (for the wire).
    public var decimal: Decimal { Decimal(cents) / 100 }
}

extension Substring {
    fileprivate func dropLast(while predicate: (Character) -> Bool, keeping minimum: Int) -> Substring {
        var result = self
        while result.count > minimum, let last = result.last, predicate(last) { result = result.dropLast() }
        return result
    }
}

// MARK: - Formatting

extension Money: CustomStringConvertible {
    /// "$1,234.50", "-$3.07": the form people read everywhere in the product.
    public var formatted: String {
        let absolute = cents.magnitude
        let dollars = absolute / 100
        let remainder = absolute % 100
        var grouped = ""
        let digits = Array(String(dollars))
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        let fraction = remainder < 10 ? "0\(remainder)" : "\(remainder)"
        return (cents < 0 ? "-$" : "$") + grouped + "." + fraction
    }

    /// "+$5.00" / "-$2.50": a change, always signed (zero reads "$0.00").
    public var signedFormatted: String {
        cents > 0 ? "+" + formatted : formatted
    }

    /// "12.50": plain two-decimal text, for form fields.
    public var plainText: String {
        let absolute = cents.magnitude
        let remainder = absolute % 100
        return (cents < 0 ? "-" : "") + "\(absolute / 100)." + (remainder < 10 ? "0\(remainder)" : "\(remainder)")
    }

    public var description: String { formatted }
}

// MARK: - Wire form

/// On the wire money is a JSON number with at most two decimals (`12.5`, `100`), decoded
/// from its exact decimal text. A string ("12.50") is accepted too, for forms and scripts.
extension Money: Codable {
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            if let text = try? container.decode(String.self) {
                try self.init(parsing: text)
            } else {
                try self.init(exactly: try container.decode(Decimal.self))
            }
        } catch let error as MoneyParseError {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
        }
    }

    /// As a Double when that is exact, which is every amount the product allows: a Double
    /// holds every whole number of cents up to 2^53 / 100 ($90 trillion) closely enough that
    /// its shortest printed form is the two-decimal amount. Encoding through `Decimal` costs
    /// a long division per amount and was most of a transaction list's encoding time.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        if cents.magnitude <= Self.largestExactDouble {
            try container.encode(Double(cents) / 100)
        } else {
            try container.encode(decimal)
        }
    }

    private static let largestExactDouble: UInt64 = (1 << 53) / 100
}

extension MoneyParseError {
    public var message: String {
        switch self {
        case .notANumber: "is not an amount of money"
        case .tooManyDecimals: "has more than two decimal places"
        case .outOfRange: "is too large"
        }
    }
}
