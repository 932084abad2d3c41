import AllowanceAPI
import Foundation

/// How the limits the server checks on a request field read in the document. Each takes the
/// server's own constant, so a limit changed in a service changes the document with it.
enum FieldRule {
    /// Text the server trims and requires: at least one visible character, at most `max`
    /// characters (counted as the server counts them, in Unicode code points, before trimming).
    /// A pattern's `\s` is ECMA-262's, which is the server's `CharacterSet.patternWhitespace`.
    static func text(max: Int) -> [String: Any] { ["pattern": "\\S", "maxLength": max] }

    /// Optional text: empty or blank means "none".
    static func optionalText(max: Int) -> [String: Any] { ["maxLength": max] }

    static func integer(_ range: ClosedRange<Int>) -> [String: Any] { ["minimum": range.lowerBound, "maximum": range.upperBound] }

    /// Money from zero (`atLeastZero`) or from a cent, up to `most`.
    static func money(from lower: MoneyFloor, to most: Money = InputRules.largestAmount) -> [String: Any] {
        let upper = Double(most.cents) / 100
        switch lower {
        case .zero: return ["minimum": 0, "maximum": upper]
        case .aboveZero: return ["minimum": 0, "exclusiveMinimum": true, "maximum": upper]
        }
    }
    enum MoneyFloor { case zero, aboveZero }

    /// An amount a person moves (`InputRules.positiveAmount`).
    static var amount: [String: Any] { money(from: .aboveZero) }

    /// What `AccountValidation.isValidEmail` accepts (something@something.tld, no spaces), trimmed.
    static var email: [String: Any] {
        [
            "pattern": "^\\s*[^@\\s]+@[^@.\\s]+(\\.[^@.\\s]+)*\\.[^@.\\s]{2,}\\s*$",
            "maxLength": InputRules.emailLength,
        ]
    }

    static var newPassword: [String: Any] {
        [
            "minLength": AccountValidation.minimumPasswordLength, "maxLength": InputRules.passwordLength,
        ]
    }

    /// The IANA zones this server knows.
    static var timeZone: [String: Any] {
        [
            "enum": Array(Set(TimeZone.knownTimeZoneIdentifiers + ["UTC"])).filter { InputRules.isKnownTimeZone($0) }.sorted()
        ]
    }

    /// A local time such as "21:00" (`TimeOfDay(parsing:)`), or blank where it clears the setting.
    static var clearableTime: [String: Any] { ["pattern": "^\\s*(\(TimeOfDay.pattern))?\\s*$"] }

    /// "http://" or "https://" and a host (`GoalInput.url`), or blank where it clears the address.
    static var webAddress: [String: Any] {
        [
            "pattern": "^\\s*(\(GoalInput.webAddressPattern))?\\s*$", "maxLength": GoalInput.urlLength,
        ]
    }

    /// A bundle identifier: no spaces at all (`AppCategoryService.bundleIdentifier`).
    static var bundleIdentifier: [String: Any] { ["pattern": "^\\S+$", "maxLength": AppCategoryService.bundleLength] }
}
