import AllowanceAPI
import AllowanceCore
import Foundation
import Vapor

/// Reading what people type into form fields.
enum WebForms {
    /// A date from `<input type="date">` ("2026-12-01"), as the API's bare date; blank is nil.
    static func date(_ text: String?, _ label: String) throws -> Date? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        guard let date = ISO8601Wire.parse(text) else { throw AppError.validation("\(label) must be a date") }
        return date
    }

    /// An amount as typed; `label` names the field in the message when a form has several.
    static func amount(_ text: String?, _ label: String = "Amount", allowZero: Bool = false) throws -> Money {
        let text = text?.trimmingCharacters(in: .whitespaces) ?? ""
        guard !text.isEmpty else { throw AppError.validation("\(label) is required") }
        do {
            let amount = try Money(parsing: text)
            if allowZero { return try InputRules.nonNegativeAmount(amount, label) }
            return try InputRules.positiveAmount(amount, label)
        } catch let error as MoneyParseError {
            throw AppError.validation("\(label) \(error.message)")
        }
    }
}
