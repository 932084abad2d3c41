import AllowanceCore

/// The ledger's type filter (App Screens 4.1), named as the screen names it.
public enum TransactionFilter: String, CaseIterable, Sendable {
    case all = "All"
    case credit = "Received"
    case debit = "Spent"

    public var transactionType: TransactionType? {
        switch self {
        case .all: nil
        case .credit: .credit
        case .debit: .debit
        }
    }
}
