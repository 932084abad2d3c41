import Foundation

extension CharacterSet {
    /// What a regular expression's `\s` matches in ECMA-262, the dialect of JSON Schema's
    /// `pattern`: the blanks the API trims and refuses, so that `/openapi.json` can state
    /// its text rules as patterns that mean exactly what the server does. (Foundation's
    /// `.whitespacesAndNewlines` differs in two characters: it has U+0085 and lacks U+FEFF.)
    public static let patternWhitespace: CharacterSet = {
        var set = CharacterSet.whitespacesAndNewlines
        set.remove("\u{85}")
        set.insert("\u{FEFF}")
        return set
    }()
}

/// The sign-in and sign-up field rules of the App Screens document 1.1-1.3, with the documents' messages.
/// The server and every client ask the same questions in the same order.
public enum AccountValidation {
    public static let minimumPasswordLength = 6

    public static func isValidEmail(_ email: String) -> Bool {
        // The shape the apps check: something@something.tld, no spaces. Read as Unicode scalars,
        // as the API's published pattern reads it: an "@" joined to a following emoji modifier is
        // still an "@".
        let scalars = email.unicodeScalars
        let parts = scalars.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !scalars.contains(where: CharacterSet.patternWhitespace.contains) else {
            return false
        }
        let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return domain.count >= 2 && domain.allSatisfy { !$0.isEmpty } && (domain.last?.count ?? 0) >= 2
    }

    /// The first problem with an email, or nil.
    public static func emailProblem(_ email: String) -> String? {
        if email.trimmingCharacters(in: .whitespaces).isEmpty { return "Email is required" }
        if !isValidEmail(email) { return "Please enter a valid email address" }
        return nil
    }

    /// The first problem with a new password, or nil.
    public static func newPasswordProblem(_ password: String) -> String? {
        if password.isEmpty { return "Password is required" }
        // Code points, as JSON Schema's `minLength` counts them.
        if password.unicodeScalars.count < minimumPasswordLength { return "Password must be at least 6 characters" }
        return nil
    }

    /// The first problem with a required name field ("First name is required"), or nil.
    public static func requiredProblem(_ value: String, label: String) -> String? {
        value.trimmingCharacters(in: .whitespaces).isEmpty ? "\(label) is required" : nil
    }
}
