import AllowanceAPI
import AllowanceCore
import Foundation
import Vapor

/// The one reader of query parameters. An absent or empty parameter is nil; a present one
/// that does not read is a 400 naming the parameter, never silently ignored.
extension URLQueryContainer {
    func text(_ name: String, maxLength: Int = QueryParameter.textLength) throws -> String? {
        guard let text = try? get(String.self, at: name), !text.isEmpty else { return nil }
        if text.unicodeScalars.contains("\u{0}") { throw NULGuard.refusal }
        // Code points, as JSON Schema's `maxLength` counts them.
        guard text.unicodeScalars.count <= maxLength else { throw AppError.validation("\(name) must be at most \(maxLength) characters") }
        return text
    }

    func int(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = try text(name) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw AppError.validation(
                range.upperBound == .max
                    ? "\(name) must be a number of \(range.lowerBound) or more"
                    : "\(name) must be a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    func bool(_ name: String) throws -> Bool? {
        guard let text = try text(name) else { return nil }
        switch text.lowercased() {
        case "true", "1": return true
        case "false", "0": return false
        default: throw AppError.validation("\(name) must be true or false")
        }
    }

    /// A numbered enumeration: its number or its name.
    func numbered<E: NumberedEnum>(_ type: E.Type, _ name: String) throws -> E? {
        guard let text = try text(name) else { return nil }
        guard let value = E(queryValue: text) else { throw AppError.validation("\(name) must be one of \(E.choices)") }
        return value
    }

    /// A date filter, read by the one bare-date rule (`FamilyCalendar.start(fromWire:)`): a
    /// bare date that starts a range is that day's local midnight in the family's zone; one that
    /// ends a range includes that whole day. A full timestamp is taken as is.
    func date(_ name: String, endOfRange: Bool, in calendar: FamilyCalendar) throws -> Date? {
        guard let text = try text(name) else { return nil }
        guard let date = ISO8601Wire.parse(text) else { throw AppError.validation("\(name) must be an ISO 8601 date such as 2026-11-21") }
        return endOfRange ? calendar.deadline(fromWire: date) : calendar.start(fromWire: date)
    }
}
