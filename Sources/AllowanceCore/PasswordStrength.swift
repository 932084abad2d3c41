/// The strength meter of the sign-up screen (the App Screens document 1.2), scored as the document does.
public enum PasswordStrength: String, Sendable {
    case weak = "Weak"
    case medium = "Medium"
    case strong = "Strong"

    public init(of password: String) {
        var score = 0
        if password.count >= 8 { score += 1 }
        if password.contains(where: { ("A"..."Z").contains($0) }) { score += 1 }
        if password.contains(where: { ("0"..."9").contains($0) }) { score += 1 }
        if password.contains(where: { !($0.isASCII && ($0.isLetter || $0.isNumber)) }) { score += 1 }
        self = score <= 1 ? .weak : score <= 3 ? .medium : .strong
    }
}
