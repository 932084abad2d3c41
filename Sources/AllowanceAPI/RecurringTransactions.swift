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
    public var dayOfWeekName: String?
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
        self.dayOfWeekName = dayOfWeek.flatMap(Weekday.init(rawValue:))?.name
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

// `dayOfWeek` is read as its number (6) or its name ("Saturday"); a number out of range is left
// to the schedule's validation, which says what the days are.
extension CreateRecurringTransactionDto {
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            childId: try c.decode(UUID.self, forKey: .childId), name: try c.decode(String.self, forKey: .name),
            amount: try c.decode(Money.self, forKey: .amount), type: try c.decode(TransactionType.self, forKey: .type),
            category: try c.decodeIfPresent(String.self, forKey: .category),
            description: try c.decodeIfPresent(String.self, forKey: .description),
            pattern: try c.decode(RecurrencePattern.self, forKey: .pattern), dayOfWeek: try c.decodeDayNumber(forKey: .dayOfWeek),
            dayOfMonth: try c.decodeIfPresent(Int.self, forKey: .dayOfMonth),
            timeOfDay: try c.decodeIfPresent(TimeOfDay.self, forKey: .timeOfDay),
            startDate: try c.decode(Date.self, forKey: .startDate), endDate: try c.decodeIfPresent(Date.self, forKey: .endDate),
            maxOccurrences: try c.decodeIfPresent(Int.self, forKey: .maxOccurrences),
            requiresApproval: try c.decodeIfPresent(Bool.self, forKey: .requiresApproval))
    }
}

extension UpdateRecurringTransactionDto {
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try c.decodeIfPresent(String.self, forKey: .name), amount: try c.decodeIfPresent(Money.self, forKey: .amount),
            category: try c.decodeIfPresent(String.self, forKey: .category),
            description: try c.decodeIfPresent(String.self, forKey: .description),
            pattern: try c.decodeIfPresent(RecurrencePattern.self, forKey: .pattern), dayOfWeek: try c.decodeDayNumber(forKey: .dayOfWeek),
            dayOfMonth: try c.decodeIfPresent(Int.self, forKey: .dayOfMonth),
            timeOfDay: try c.decodeIfPresent(TimeOfDay.self, forKey: .timeOfDay),
            endDate: try c.decodeIfPresent(Date.self, forKey: .endDate),
            maxOccurrences: try c.decodeIfPresent(Int.self, forKey: .maxOccurrences),
            requiresApproval: try c.decodeIfPresent(Bool.self, forKey: .requiresApproval))
    }
}

extension KeyedDecodingContainer {
    /// A day of the week as its number, from a number or a day's name in any case.
    fileprivate func decodeDayNumber(forKey key: Key) throws -> Int? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let number = try? decode(Int.self, forKey: key) { return number }
        if let text = try? decode(String.self, forKey: key), let day = Weekday(queryValue: text) { return day.rawValue }
        throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "must be one of \(Weekday.choices)")
    }
}
