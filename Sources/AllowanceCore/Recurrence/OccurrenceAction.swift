/// What happens to a recurring transaction's occurrence when it falls due.
public enum OccurrenceAction: Equatable, Sendable {
    /// Post it to the ledger.
    case post
    /// Hold it in the pending list until a parent approves or rejects it.
    case holdForApproval
    /// A debit the balance cannot cover: skip it (parents are told).
    case skipInsufficientBalance

    public init(type: TransactionType, amount: Money, balance: Money, requiresApproval: Bool) {
        if requiresApproval {
            self = .holdForApproval
        } else if type == .debit && balance < amount {
            self = .skipInsufficientBalance
        } else {
            self = .post
        }
    }
}
