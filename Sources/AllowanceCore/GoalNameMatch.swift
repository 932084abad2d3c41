import Foundation

/// Finding a goal by what a person says to a voice assistant ("lego", "LÉGO castle"): case,
/// accents and character width do not matter, and a few words of the name are enough.
public enum GoalNameMatch {
    public static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The goals a spoken name means: the ones named exactly so when there are any, otherwise
    /// those whose name contains every word said.
    public static func matches<Goal>(_ spoken: String, in goals: [Goal], name: (Goal) -> String) -> [Goal] {
        let wanted = folded(spoken)
        guard !wanted.isEmpty else { return [] }
        let exact = goals.filter { folded(name($0)) == wanted }
        if !exact.isEmpty { return exact }
        let words = wanted.split(whereSeparator: \.isWhitespace).map(String.init)
        return goals.filter { goal in
            let candidate = folded(name(goal))
            return words.allSatisfy { candidate.contains($0) }
        }
    }

    /// Whose goals were searched, for the reply's wording.
    public enum Owner: Sendable, Equatable {
        /// The signed-in child: "You have ...".
        case you
        /// One named child: "Kai has ...".
        case child(String)
        /// Every child of the family (a parent who named none).
        case family
    }

    /// "I couldn't find a goal called Lego. Kai's goals are Bike and Kite."
    public static func spokenNoMatch(_ spoken: String, owner: Owner, openGoals: [String]) -> String {
        let head = "I couldn't find a goal called \(spoken.trimmingCharacters(in: .whitespacesAndNewlines))."
        guard !openGoals.isEmpty else {
            switch owner {
            case .you: return head + " You have no open goals."
            case .child(let name): return head + " \(name) has no open goals."
            case .family: return head + " There are no open goals."
            }
        }
        let list = spokenList(openGoals)
        switch owner {
        case .you: return head + " Your goals are \(list)."
        case .child(let name): return head + " \(name)'s goals are \(list)."
        case .family: return head + " The goals are \(list)."
        }
    }

    /// "Kai has 2 goals called Lego: Lego Castle and Lego Train. Which one did you mean?"
    public static func spokenSeveral(_ spoken: String, owner: Owner, matches: [String]) -> String {
        let called = "\(matches.count) goals called \(spoken.trimmingCharacters(in: .whitespacesAndNewlines))"
        let who: String
        switch owner {
        case .you: who = "You have \(called)"
        case .child(let name): who = "\(name) has \(called)"
        case .family: who = "There are \(called)"
        }
        return "\(who): \(spokenList(matches)). Which one did you mean?"
    }

    /// "A", "A and B", "A, B and C".
    static func spokenList(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
}
