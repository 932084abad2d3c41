/// The two kinds of ledger entry. A credit adds to a balance, a debit takes from it.
public enum TransactionType: String, Codable, CaseIterable, Sendable {
    case credit = "Credit"
    case debit = "Debit"

    /// The change this entry makes to a balance.
    public func signed(_ amount: Money) -> Money { self == .credit ? amount : -amount }

    /// How a person reads the type in lists: money "Received" or "Spent".
    public var label: String { self == .credit ? "Received" : "Spent" }

    /// "Credit", "credit" and "CREDIT" all read as `.credit`.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = (try? container.decode(String.self))?.lowercased()
        guard let value = Self.allCases.first(where: { $0.rawValue.lowercased() == text }) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "must be \"Credit\" or \"Debit\"")
        }
        self = value
    }
}

public enum LedgerRuleError: Error, Equatable, Sendable {
    case amountNotPositive
    case insufficientBalance(available: Money)
}

/// The only balance rule: an entry never takes a balance below zero.
public func balance(_ balance: Money, after type: TransactionType, of amount: Money) throws(LedgerRuleError) -> Money {
    guard amount.isPositive else { throw .amountNotPositive }
    let result = balance + type.signed(amount)
    guard !result.isNegative else { throw .insufficientBalance(available: balance) }
    return result
}

/// Earned, spent and net over a period, from the entries in it.
public struct PeriodTotals: Equatable, Sendable {
    public var earned: Money
    public var spent: Money
    public var count: Int

    public init(earned: Money = .zero, spent: Money = .zero, count: Int = 0) {
        self.earned = earned
        self.spent = spent
        self.count = count
    }

    public var net: Money { earned - spent }

    public mutating func add(_ type: TransactionType, _ amount: Money) {
        if type == .credit { earned += amount } else { spent += amount }
        count += 1
    }
}
