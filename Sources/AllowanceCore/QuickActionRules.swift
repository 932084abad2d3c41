/// The money and wording rules of templates, widgets and voice replies (the Quick Actions document).
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
    /// "Kai is 45% of the way to New bike, with $22.00 to go." (`name` nil: "You are ...").
    public static func spokenGoalProgress(name: String?, goal: String, percent: Double, remaining: Money, isReached: Bool) -> String {
        if isReached {
            return name.map { "\($0) has reached the goal \(goal)!" } ?? "You've reached your goal \(goal)!"
        }
        let whole = Int(percent.rounded(.down))
        let who = name.map { "\($0) is" } ?? "You are"
        return "\(who) \(whole)% of the way to \(goal), with \(remaining.formatted) to go."
    }

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
