import AllowanceAPI
import Foundation

/// A value that travels as one JSON value with a fixed schema (an id, a date, money, an
/// enumeration), not as an object read off a sample. Each schema says exactly what the
/// type's decoder accepts, so the document and the server cannot disagree on it.
protocol WireSchema {
    static func wireSchema(_ direction: SchemaDirection) -> [String: Any]
}

/// Requests may send a date as a bare day ("2026-12-24"); responses always send an instant.
enum SchemaDirection { case request, response }

extension String: WireSchema {
    static func wireSchema(_ direction: SchemaDirection) -> [String: Any] { ["type": "string"] }
}
extension Bool: WireSchema {
    static func wireSchema(_ direction: SchemaDirection) -> [String: Any] { ["type": "boolean"] }
}
extension Int: WireSchema {
    /// The decoder's own bounds; a field's rule narrows them to what the server allows.
    static func wireSchema(_ direction: SchemaDirection) -> [String: Any] {
        ["type": "integer", "format": "int64", "minimum": Int.min, "maximum": Int.max]
    }
}
extension Double: WireSchema {
    static func wireSchema(_ direction: SchemaDirection) -> [String: Any] { ["type": "number", "format": "double"] }
}
extension UUID: WireSchema {
    static func wireSchema(_ direction: SchemaDirection) -> [String: Any] { ["type": "string", "format": "uuid"] }
}
extension Date: WireSchema {
    static func wireSchema(_ direction: SchemaDirection) -> [String: Any] {
        switch direction {
        case .response: ["type": "string", "format": "date-time"]
        case .request: ["anyOf": [["type": "string", "format": "date-time"], ["type": "string", "format": "date"]]]
        }
    }
}
extension Money: WireSchema {
    /// A JSON number of whole cents within `Money.maximum`; fields narrow it (`FieldRule.money`).
    static func wireSchema(_ direction: SchemaDirection) -> [String: Any] {
        let bound = Money.maximum.dollars
        return [
            "type": "number", "multipleOf": 0.01, "minimum": -bound, "maximum": bound,
            "description": "Dollars, exact to the cent. A request may also send the same decimal as a string (\"12.50\").",
        ]
    }
}
extension MatchRatio: WireSchema {
    static func wireSchema(_ direction: SchemaDirection) -> [String: Any] {
        [
            "type": "number", "multipleOf": 0.0001, "minimum": -1_000_000, "maximum": 1_000_000,
            "description": "Exact to four decimals. A request may also send the same decimal as a string (\"0.5\").",
        ]
    }
}
extension TimeOfDay: WireSchema {
    /// What `TimeOfDay(parsing:)` reads: "9:30", "09:30" or "09:30:15", blanks around it trimmed.
    static func wireSchema(_ direction: SchemaDirection) -> [String: Any] {
        ["type": "string", "pattern": "^\\s*\(pattern)\\s*$", "example": "09:30:00"]
    }

    static let pattern = "([01]?[0-9]|2[0-3]):[0-5]?[0-9](:[0-5]?[0-9])?"
}

extension Money {
    /// For the document's bounds only: whole dollars, which a Double holds exactly.
    fileprivate var dollars: Double { Double(cents / 100) }
}

// Enumerations travel as their raw values: the documents' numbers, or the learning API's strings.
extension WireSchema where Self: CaseIterable & RawRepresentable, Self.RawValue == Int {
    static func wireSchema(_ direction: SchemaDirection) -> [String: Any] { ["type": "integer", "enum": allCases.map(\.rawValue)] }
}
extension WireSchema where Self: CaseIterable & RawRepresentable, Self.RawValue == String {
    static func wireSchema(_ direction: SchemaDirection) -> [String: Any] { ["type": "string", "enum": allCases.map(\.rawValue)] }
}
extension WireSchema where Self: NumberedEnum {
    /// Answers send the number; a request may send the number or the name (in any case, which
    /// a schema cannot say: the names are listed as the documents spell them).
    static func wireSchema(_ direction: SchemaDirection) -> [String: Any] {
        let numbers: [String: Any] = ["type": "integer", "enum": allCases.map(\.rawValue)]
        switch direction {
        case .response: return numbers.merging(["description": choices]) { $1 }
        case .request:
            return ["oneOf": [numbers, ["type": "string", "enum": allCases.map(\.name)]], "description": choices + ", by number or name"]
        }
    }
}

extension Weekday: WireSchema {}
extension RecurrencePattern: WireSchema {}
extension PendingOccurrenceStatus: WireSchema {}
extension GoalStatus: WireSchema {}
extension GoalCategory: WireSchema {}
extension AutoTransferType: WireSchema {}
extension ContributionType: WireSchema {}
extension MatchingType: WireSchema {}
extension ChallengeStatus: WireSchema {}
extension TransactionType: WireSchema {}
extension NotificationType: WireSchema {}
extension AppCategoryKind: WireSchema {}
extension LearningGoalType: WireSchema {}
extension LearningGoalFrequency: WireSchema {}
extension LearningGoalStatus: WireSchema {}
extension PointsEntryType: WireSchema {}
extension BadgeMeasureKind: WireSchema {}
/// A widget's own settings: any JSON object the client reads back as it sent it.
extension JSONValue: WireSchema {
    static func wireSchema(_ direction: SchemaDirection) -> [String: Any] { ["type": "object"] }
}
extension UserRole: WireSchema {
    static func wireSchema(_ direction: SchemaDirection) -> [String: Any] { ["type": "string", "enum": ["Parent", "Child"]] }
}
