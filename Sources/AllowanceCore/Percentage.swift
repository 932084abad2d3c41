/// A share in percent with two decimals, counted in hundredths of a percent (12.5 % is
/// 1,250). Not money: it scales money, rounding down to a cent, so a share never pays out
/// more than the percentage says.
public struct Percentage: Comparable, Hashable, Sendable {
    public let hundredths: Int64

    public init(hundredths: Int64) { self.hundredths = hundredths }

    public static let zero = Percentage(hundredths: 0)
    public static let hundred = Percentage(hundredths: 100_00)

    /// This share of `money`, rounded down to a cent.
    public func of(_ money: Money) -> Money { Money(cents: money.cents * hundredths / 10_000) }

    public static func < (lhs: Percentage, rhs: Percentage) -> Bool { lhs.hundredths < rhs.hundredths }
}

/// What a goal's auto-transfer takes on allowance day. On the wire (the Savings Goals document) it is a
/// type and one number, `autoTransferAmount`, which is an amount for FixedAmount and a
/// percentage for Percentage; this reads the pair once so the two are never confused.
public enum AutoTransferSetting: Equatable, Sendable {
    case none
    case fixed(Money)
    case percentage(Percentage)

    /// Reads the wire pair. The number's two decimals are the percentage's two decimals.
    public init(type: AutoTransferType, amount: Money) {
        switch type {
        case .none: self = .none
        case .fixedAmount: self = .fixed(amount)
        case .percentage: self = .percentage(Percentage(hundredths: amount.cents))
        }
    }

    public var type: AutoTransferType {
        switch self {
        case .none: .none
        case .fixed: .fixedAmount
        case .percentage: .percentage
        }
    }

    /// The wire's `autoTransferAmount` (and the stored number).
    public var amount: Money {
        switch self {
        case .none: .zero
        case .fixed(let money): money
        case .percentage(let share): Money(cents: share.hundredths)
        }
    }

    /// One goal's share of an allowance before the limits, rounded down to a cent.
    public func share(of allowance: Money) -> Money {
        switch self {
        case .none: .zero
        case .fixed(let money): money
        case .percentage(let share): share.of(allowance)
        }
    }
}
