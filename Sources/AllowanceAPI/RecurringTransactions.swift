import AllowanceCore
import Foundation

/// The Quick Actions document, `CreateRecurringTransactionDto`. `pattern` is 1-6 (Daily ... LastOfMonth),
/// `dayOfWeek` 0-6 (Sunday first), `dayOfMonth` 1-28, `timeOfDay` "HH:mm:ss" in the family's
/// zone. A bare `startDate` ("2026-12-01") means that day in the family's zone; a bare
/// `endDate` includes its whole day.
public struct CreateRecurringTransactionDto: Codable, Sendable {
    public var childId: UUID
    public var name: String
    public var amount: Money
    public var type: TransactionType
    public var category: String?
    public var description: String?
    public var pattern: RecurrencePattern
    public var dayOfWeek: Int?
    public var dayOfMonth: Int?
    public var timeOfDay: TimeOfDay?
    public var startDate: Date
    public var endDate: Date?
    public var maxOccurrences: Int?
    public var requiresApproval: Bool?

    public init(
        childId: UUID, name: String, amount: Money, type: TransactionType, category: String? = nil, description: String? = nil,
        pattern: RecurrencePattern, dayOfWeek: Int? = nil, dayOfMonth: Int? = nil, timeOfDay: TimeOfDay? = nil, startDate: Date,
        endDate: Date? = nil, maxOccurrences: Int? = nil, requiresApproval: Bool? = nil
    ) {
        self.childId = childId
        self.name = name
        self.amount = amount
        self.type = type
        self.category = category
        self.description = description
        self.pattern = pattern
        self.dayOfWeek = dayOfWeek
        self.dayOfMonth = dayOfMonth
        self.timeOfDay = timeOfDay
        self.startDate = startDate
        self.endDate = endDate
        self.maxOccurrences = maxOccurrences
        self.requiresApproval = requiresApproval
    }
}

/// Every field optional: send only what changes.
public struct UpdateRecurringTransactionDto: Codable, Sendable {
    public var name: String?
    public var amount: Money?
    public var category: String?
    public var description: String?
    public var pattern: RecurrencePattern?
    public var dayOfWeek: Int?
    public var dayOfMonth: Int?
    public var timeOfDay: TimeOfDay?
    public var endDate: Date?
    public var maxOccurrences: Int?
    public var requiresApproval: Bool?

    public init(
        name: String? = nil, amount: Money? = nil, category: String? = nil, description: String? = nil, pattern: RecurrencePattern? = nil,
        dayOfWeek: Int? = nil, dayOfMonth: Int? = nil, timeOfDay: TimeOfDay? = nil, endDate: Date? = nil, maxOccurrences: Int? = nil,
        requiresApproval: Bool? = nil
    ) {
        self.name = name
        self.amount = amount
        self.category = category
        self.description = description
        self.pattern = pattern
        self.dayOfWeek = dayOfWeek
        self.dayOfMonth = dayOfMonth
        self.timeOfDay = timeOfDay
        self.endDate = endDate
        self.maxOccurrences = maxOccurrences
        self.requiresApproval = requiresApproval
    }
}

/// `occurrenceCount` counts occurrences that have fallen due (posted, held for approval or
/// skipped for want of money); `nextExecutionDate` is the next one.
public struct RecurringTransactionDto: Codable, Sendable {
    public var id: UUID
    public var childId: UUID
    public var childName: String
    public var name: String
    public var amount: Money
    public var type: TransactionType
    public var typeName: String
    public var category: String?
    public var description: String?
    public var pattern: RecurrencePattern
    public var patternName: String
    /// "Every Monday", "Monthly on the 15th".
    public var patternDescription: String
    public var dayOfWeek: Int?
    public var dayOfMonth: Int?
    public var timeOfDay: TimeOfDay?
    public var startDate: Date
    public var endDate: Date?
    public var maxOccurrences: Int?
    public var occurrenceCount: Int
    public var lastExecutedAt: Date?
    public var nextExecutionDate: Date
    public var isActive: Bool
    public var isPaused: Bool
    public var requiresApproval: Bool
    public var createdAt: Date

    public init(
        id: UUID, childId: UUID, childName: String, name: String, amount: Money, type: TransactionType, category: String?,
        description: String?, pattern: RecurrencePattern, patternDescription: String, dayOfWeek: Int?, dayOfMonth: Int?,
        timeOfDay: TimeOfDay?, startDate: Date, endDate: Date?, maxOccurrences: Int?, occurrenceCount: Int, lastExecutedAt: Date?,
        nextExecutionDate: Date, isActive: Bool, isPaused: Bool, requiresApproval: Bool, createdAt: Date
    ) {
        self.id = id
        self.childId = childId
        self.childName = childName
        self.name = name
        self.amount = amount
        self.type = type
        self.typeName = type.rawValue
        self.category = category
        self.description = description
        self.pattern = pattern
        self.patternName = pattern.name
        self.patternDescription = patternDescription
        self.dayOfWeek = dayOfWeek
        self.dayOfMonth = dayOfMonth
        self.timeOfDay = timeOfDay
        self.startDate = startDate
        self.endDate = endDate
        self.maxOccurrences = maxOccurrences
        self.occurrenceCount = occurrenceCount
        self.lastExecutedAt = lastExecutedAt
        self.nextExecutionDate = nextExecutionDate
        self.isActive = isActive
        self.isPaused = isPaused
        self.requiresApproval = requiresApproval
        self.createdAt = createdAt
    }
}
