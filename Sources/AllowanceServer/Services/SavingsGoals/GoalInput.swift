import AllowanceAPI
import AllowanceCore
import Foundation

/// The limits of savings-goal fields, checked before anything is written.
enum GoalInput {
    static let nameLength = 100
    static let descriptionLength = 500
    static let urlLength = 500
    static let noteLength = 200
    static let priorities = 1...100

    static func name(_ value: String) throws -> String { try InputRules.required(value, "Name", max: nameLength) }

    static func description(_ value: String?) throws -> String? { try InputRules.optional(value, "Description", max: descriptionLength) }

    /// A short free-text note on a money move (a contribution's description, a withdrawal's reason).
    static func note(_ value: String?, _ label: String) throws -> String? { try InputRules.optional(value, label, max: noteLength) }

    /// An amount a person sets or moves: more than zero, at most `InputRules.largestAmount`.
    static func amount(_ value: Money, _ label: String) throws -> Money { try InputRules.positiveAmount(value, label) }

    /// http(s), a host name, an optional port, then a path, query or fragment of URL characters.
    static let webAddressPattern =
        "[Hh][Tt][Tt][Pp][Ss]?://[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*(:[0-9]{1,5})?([/?#][A-Za-z0-9._~:/?#@!$&'()*+,;=%-]*)?"

    /// A web address, or nil for an empty one. Checked by the one pattern `/openapi.json` states.
    static func url(_ value: String?, _ label: String) throws -> String? {
        guard let text = try InputRules.optional(value, label, max: urlLength) else { return nil }
        guard text.wholeMatch(of: try Regex(webAddressPattern)) != nil else {
            throw AppError.validation("\(label) must be a web address starting with http:// or https://")
        }
        return text
    }

    static func priority(_ value: Int) throws -> Int {
        guard priorities.contains(value) else { throw AppError.validation("Priority must be a number from 1 to 100 (1 comes first)") }
        return value
    }

    /// A target day, today or later in the family's calendar, kept as that day's midnight UTC.
    static func targetDate(_ value: Date, now: Date, calendar: FamilyCalendar) throws -> Date {
        guard GoalTargetDate.daysFromToday(to: value, now: now, calendar: calendar) >= 0 else {
            throw AppError.unprocessable("Target date cannot be in the past")
        }
        return GoalTargetDate.normalized(value)
    }

    /// An auto-transfer setting: none with no amount, a fixed amount above zero, or a
    /// percentage above 0 and at most 100. The amount's meaning depends on the type: 422.
    static func autoTransfer(_ type: AutoTransferType, _ amount: Money) throws -> AutoTransferSetting {
        guard !amount.isNegative else { throw AppError.validation("Auto-transfer amount must be greater than zero") }
        _ = try InputRules.nonNegativeAmount(amount, "Auto-transfer amount")
        let setting = AutoTransferSetting(type: type, amount: amount)
        switch setting {
        case .none:
            guard amount == .zero else {
                throw AppError.unprocessable("autoTransferAmount needs an autoTransferType: 1 (FixedAmount) or 2 (Percentage)")
            }
        case .fixed(let money):
            guard money.isPositive else { throw AppError.unprocessable("Auto-transfer amount must be greater than zero") }
        case .percentage(let share):
            guard share > .zero, share <= .hundred else {
                throw AppError.unprocessable("Auto-transfer percentage must be more than 0 and at most 100")
            }
        }
        return setting
    }

    /// An instant that must still be ahead (a challenge's end, a rule's expiry).
    static func future(_ value: Date, _ label: String, now: Date) throws -> Date {
        guard value > now else { throw AppError.unprocessable("\(label) must be in the future") }
        return value
    }
}
