import AllowanceCore
import Foundation

/// Limits on free text, so a 10 kB name is a clear 400 rather than a stored surprise.
enum InputRules {
    static let nameLength = 50
    static let familyNameLength = 100
    static let emailLength = 254
    static let passwordLength = 128
    static let descriptionLength = 200
    static let notesLength = 1000
    static let categoryLength = 50

    /// Checks a required field's length and trims it; `label` names it in the message.
    static func required(_ value: String, _ label: String, max: Int = nameLength) throws -> String {
        try checkLength(value, label, max: max)
        let trimmed = value.trimmingCharacters(in: .patternWhitespace)
        if let problem = AccountValidation.requiredProblem(trimmed, label: label) { throw AppError.validation(problem) }
        return trimmed
    }

    /// Checks an optional field's length and trims it: empty becomes nil.
    static func optional(_ value: String?, _ label: String, max: Int) throws -> String? {
        guard let value else { return nil }
        try checkLength(value, label, max: max)
        let trimmed = value.trimmingCharacters(in: .patternWhitespace)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Lengths count Unicode code points of the text as sent, as JSON Schema's `maxLength`
    /// does, so a request `/openapi.json` allows is never refused for its length, nor the reverse.
    static func checkLength(_ value: String, _ label: String, max: Int) throws {
        guard value.unicodeScalars.count <= max else { throw AppError.validation("\(label) must be at most \(max) characters") }
    }

    static func isKnownTimeZone(_ name: String) -> Bool { !name.isEmpty && FamilyCalendar(identifier: name) != nil }

    /// A family's time zone: an IANA name this machine knows.
    static func timeZone(_ value: String) throws -> String {
        let zone = value.trimmingCharacters(in: .whitespaces)
        guard isKnownTimeZone(zone) else {
            throw AppError.validation("Time zone must be an IANA name such as America/New_York")
        }
        return zone
    }

    /// A login email, lower-cased so that one address is one account.
    static func email(_ value: String) throws -> String {
        try checkLength(value, "Email", max: emailLength)
        let trimmed = value.trimmingCharacters(in: .patternWhitespace).lowercased()
        if let problem = AccountValidation.emailProblem(trimmed) { throw AppError.validation(problem) }
        return trimmed
    }

    static func newPassword(_ value: String) throws -> String {
        if let problem = AccountValidation.newPasswordProblem(value) { throw AppError.validation(problem) }
        try checkLength(value, "Password", max: passwordLength)
        return value
    }

    /// The most any amount a person enters may be: a transaction, an allowance, a goal's
    /// target, a match cap. (`Money.maximum` is the wider bound of what the wire can carry.)
    static let largestAmount = Money(cents: 1_000_000_00)

    /// An amount a person moves: more than zero, at most `largestAmount`.
    static func positiveAmount(_ amount: Money, _ label: String = "Amount") throws -> Money {
        guard amount.isPositive else { throw AppError.validation("\(label) must be greater than zero") }
        return try atMostLargest(amount, label)
    }

    /// An amount that may be zero (a weekly allowance, an opening balance).
    static func nonNegativeAmount(_ amount: Money, _ label: String) throws -> Money {
        guard !amount.isNegative else { throw AppError.validation("\(label) cannot be negative") }
        return try atMostLargest(amount, label)
    }

    private static func atMostLargest(_ amount: Money, _ label: String) throws -> Money {
        guard amount <= largestAmount else { throw AppError.validation("\(label) must be at most \(largestAmount.formatted)") }
        return amount
    }
}
