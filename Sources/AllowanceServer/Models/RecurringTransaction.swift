import AllowanceCore
import Fluent
import Foundation

/// A transaction that repeats on a schedule (the Quick Actions document). `occurrenceCount` and
/// `nextExecutionDate` move forward as occurrences fall due; each occurrence is claimed in
/// `occurrences` as `recurring:<id>:<n>` so it happens once.
// @unchecked Sendable: see Family.
final class RecurringTransaction: Model, @unchecked Sendable {
    static let schema = "recurring_transactions"

    @ID(key: .id) var id: UUID?

    @Field(key: "child_id") var childID: UUID
    @Field(key: "name") var name: String
    @Field(key: "amount_cents") var amountCents: Int64
    @Field(key: "type") var type: TransactionType
    @OptionalField(key: "category") var category: String?
    @OptionalField(key: "description") var details: String?
    @Field(key: "pattern") var pattern: Int
    @OptionalField(key: "day_of_week") var dayOfWeek: Int?
    @OptionalField(key: "day_of_month") var dayOfMonth: Int?
    @OptionalField(key: "time_of_day_seconds") var timeOfDaySeconds: Int?
    @Field(key: "start_date") var startDate: Date
    @OptionalField(key: "end_date") var endDate: Date?
    @OptionalField(key: "max_occurrences") var maxOccurrences: Int?
    @Field(key: "occurrence_count") var occurrenceCount: Int
    @OptionalField(key: "last_executed_at") var lastExecutedAt: Date?
    @Field(key: "next_execution_date") var nextExecutionDate: Date
    @Field(key: "is_active") var isActive: Bool
    @Field(key: "is_paused") var isPaused: Bool
    @Field(key: "requires_approval") var requiresApproval: Bool
    @OptionalField(key: "created_by") var createdBy: UUID?
    @Field(key: "created_at") var createdAt: Date
    @Field(key: "updated_at") var updatedAt: Date

    init() {}

    var amount: Money { Money(cents: amountCents) }

    var rule: RecurrenceRule {
        RecurrenceRule(
            pattern: RecurrencePattern(rawValue: pattern) ?? .daily, dayOfWeek: dayOfWeek.flatMap(Weekday.init(rawValue:)),
            dayOfMonth: dayOfMonth, timeOfDay: timeOfDaySeconds.flatMap(TimeOfDay.init(secondsSinceMidnight:)), startDate: startDate)
    }
}
