import AllowanceCore
import Fluent
import Foundation

/// One period of a learning goal (a recurring goal is a series of these, one per period).
// @unchecked Sendable: see Family.
final class LearningGoal: Model, @unchecked Sendable {
    static let schema = "learning_goals"

    @ID(key: .id) var id: UUID?

    @Field(key: "child_id") var childID: UUID
    @Field(key: "series_id") var seriesID: UUID
    @Field(key: "title") var title: String
    @OptionalField(key: "description") var details: String?
    @Field(key: "type") var type: LearningGoalType
    @Field(key: "frequency") var frequency: LearningGoalFrequency
    @Field(key: "target_value") var targetValue: Double
    @OptionalField(key: "bundle_identifier") var bundleIdentifier: String?
    @Field(key: "start_date") var startDate: Date
    @Field(key: "end_date") var endDate: Date
    @Field(key: "is_recurring") var isRecurring: Bool
    @OptionalField(key: "completed_at") var completedAt: Date?
    @OptionalField(key: "failed_at") var failedAt: Date?
    @OptionalField(key: "closed_at") var closedAt: Date?
    @OptionalField(key: "created_by") var createdBy: UUID?
    @Field(key: "created_at") var createdAt: Date
    @OptionalField(key: "last_modified_by") var lastModifiedBy: UUID?
    @Field(key: "last_modified_at") var lastModifiedAt: Date

    init() {}

    var period: DateInterval { DateInterval(start: startDate, end: endDate) }
}
