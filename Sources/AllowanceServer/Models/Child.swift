import AllowanceCore
import Fluent
import Foundation

/// A child's money account. `balanceCents` is a cache of the sum of the child's ledger rows,
/// updated in the same transaction as each row (checked by `allowance-server verify`).
// @unchecked Sendable: see Family.
final class Child: Model, @unchecked Sendable {
    static let schema = "children"

    @ID(key: .id) var id: UUID?

    @Field(key: "weekly_allowance_cents") var weeklyAllowanceCents: Int64
    @Field(key: "allowance_day") var allowanceDay: Int
    // Read-only here: `LedgerService.post` is the one writer of a balance, by SQL, with its row.
    @Field(key: "balance_cents") private(set) var balanceCents: Int64
    @Field(key: "allowance_paused") var allowancePaused: Bool
    @OptionalField(key: "allowance_resumed_at") var allowanceResumedAt: Date?
    // Set from the app clock, not Fluent's wall-clock timestamp: paydays are owed from this
    // instant, and tests and `run-jobs --at` move the clock.
    @OptionalField(key: "created_at") var createdAt: Date?

    @Parent(key: "user_id") var user: User
    @Parent(key: "family_id") var family: Family

    init() {}

    init(id: UUID? = nil, userID: UUID, familyID: UUID, weeklyAllowance: Money, allowanceDay: Weekday, createdAt: Date) {
        self.id = id
        self.$user.id = userID
        self.$family.id = familyID
        self.weeklyAllowanceCents = weeklyAllowance.cents
        self.allowanceDay = allowanceDay.rawValue
        self.balanceCents = 0
        self.allowancePaused = false
        self.createdAt = createdAt
    }

    var balance: Money { Money(cents: balanceCents) }
    var weeklyAllowance: Money { Money(cents: weeklyAllowanceCents) }
    var weekday: Weekday { Weekday(rawValue: allowanceDay) ?? .saturday }
}
