/// The money and wording rules of templates, widgets and voice replies (quick-actions.md).
public enum QuickActionRules {
    /// The amount a template posts: the one sent, else the template's default; nil when the
    /// template has no default and none was sent (the caller must ask for one).
    public static func templateAmount(override: Money?, defaultAmount: Money?) -> Money? {
        override ?? defaultAmount
    }

    /// The widget's "today" line: "+$5.00", "-$2.50", "$0.00".
    public static func balanceChangeText(_ change: Money) -> String { change.signedFormatted }

    /// What a voice assistant says: "Kai has $42.50. That's $5.00 more than yesterday."
    /// `name` nil speaks to the child themselves ("You have ...").
    public static func spokenBalance(name: String?, balance: Money, changeToday: Money) -> String {
        let head = name.map { "\($0) has \(balance.formatted)." } ?? "You have \(balance.formatted)."
        let tail: String
        if changeToday.isPositive {
            tail = "That's \(changeToday.formatted) more than yesterday."
        } else if changeToday.isNegative {
            tail = "That's \(changeToday.magnitude.formatted) less than yesterday."
        } else {
            tail = "That's the same as yesterday."
        }
        return head + " " + tail
    }
}
