import Foundation

/// One step a family takes in a generated sequence. Children and goals are named by their
/// position (the first child, the third goal made), so a shortened sequence still reads and
/// replays the same way.
enum LedgerAction: Sendable, CustomStringConvertible {
    case credit(child: Int, cents: Int64)
    case debit(child: Int, cents: Int64)
    case createGoal(child: Int, targetCents: Int64)
    /// `kind` 1 ratio, 2 percentage, 3 milestone bonus (the document's MatchingType).
    case match(goal: Int, kind: Int, tenThousandths: Int64, capCents: Int64?)
    case contribute(goal: Int, cents: Int64, byChild: Bool)
    /// Contributes what the goal still needs, as far as the model knows (so goals complete and
    /// get bought often enough to test it); the model turns it into a `contribute`.
    case fillGoal(goal: Int)
    case withdraw(goal: Int, cents: Int64)
    case cancel(goal: Int)
    case purchase(goal: Int)
    /// Template 0 is a $3.00 chore credit, template 1 a $1.25 snack debit.
    case useTemplate(child: Int, template: Int, byChild: Bool)
    /// A weekly credit on `dayOfWeek` (0 Sunday) at 09:00 in the family's zone, from now on.
    case createRecurring(child: Int, cents: Int64, dayOfWeek: Int)
    /// The clock moves on and every job runs, as the scheduler would.
    case advance(hours: Int)
    case adjustPoints(child: Int, points: Int)
    case redeemPoints(child: Int, points: Int)
    case removeChild(child: Int)
    /// A parent of another family tries to take money from this family's child.
    case foreignDebit(child: Int, cents: Int64)

    var description: String {
        func money(_ cents: Int64) -> String { String(format: "$%d.%02d", cents / 100, cents % 100) }
        switch self {
        case .credit(let child, let cents): return "credit child \(child) \(money(cents))"
        case .debit(let child, let cents): return "debit child \(child) \(money(cents))"
        case .createGoal(let child, let target): return "goal for child \(child), target \(money(target))"
        case .match(let goal, let kind, let ratio, let cap):
            return "matching on goal \(goal): type \(kind), ratio \(Double(ratio) / 10_000), cap \(cap.map(money) ?? "none")"
        case .contribute(let goal, let cents, let byChild):
            return "contribute \(money(cents)) to goal \(goal)\(byChild ? " (as the child)" : "")"
        case .fillGoal(let goal): return "fill goal \(goal)"
        case .withdraw(let goal, let cents): return "withdraw \(money(cents)) from goal \(goal)"
        case .cancel(let goal): return "cancel goal \(goal)"
        case .purchase(let goal): return "purchase goal \(goal)"
        case .useTemplate(let child, let template, let byChild):
            return "template \(template) for child \(child)\(byChild ? " (as the child)" : "")"
        case .createRecurring(let child, let cents, let day): return "weekly \(money(cents)) for child \(child) on day \(day)"
        case .advance(let hours): return "advance \(hours) h and run the jobs"
        case .adjustPoints(let child, let points): return "adjust child \(child)'s points by \(points)"
        case .redeemPoints(let child, let points): return "redeem \(points) points of child \(child)"
        case .removeChild(let child): return "remove child \(child)"
        case .foreignDebit(let child, let cents): return "another family's parent debits child \(child) \(money(cents))"
        }
    }
}

/// A small seeded generator (SplitMix64): the same seed gives the same sequences everywhere.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension LedgerAction {
    /// A random sequence over two children, weighted towards the money moves families make
    /// most, with amounts that often land near a balance or a goal's target.
    static func sequence(length: Int, using random: inout SeededGenerator) -> [LedgerAction] {
        var goals = 0
        var actions: [LedgerAction] = []
        func cents(_ random: inout SeededGenerator) -> Int64 {
            // Mostly small amounts, sometimes large ones that overdraw.
            Bool.random(using: &random) ? Int64.random(in: 1...2_000, using: &random) : Int64.random(in: 1...15_000, using: &random)
        }
        for _ in 0..<length {
            let child = Int.random(in: 0...1, using: &random)
            let goal = goals == 0 ? 0 : Int.random(in: 0..<goals, using: &random)
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<12: actions.append(.credit(child: child, cents: cents(&random)))
            case 12..<22: actions.append(.debit(child: child, cents: cents(&random)))
            case 22..<30:
                actions.append(.createGoal(child: child, targetCents: Int64.random(in: 100...8_000, using: &random)))
                goals += 1
            case 30..<34 where goals > 0:
                let kind = Int.random(in: 1...3, using: &random)
                let ratio: Int64 =
                    kind == 2 ? Int64.random(in: 1...100, using: &random) * 10_000 : Int64.random(in: 1...20_000, using: &random)
                let cap = Bool.random(using: &random) ? Int64.random(in: 1...5_000, using: &random) : nil
                actions.append(.match(goal: goal, kind: kind, tenThousandths: ratio, capCents: cap))
            case 34..<46 where goals > 0:
                actions.append(.contribute(goal: goal, cents: cents(&random), byChild: Bool.random(using: &random)))
            case 46..<50 where goals > 0:
                actions.append(.fillGoal(goal: goal))
                // Often bought right away, the way a child who just reached a goal would.
                if Bool.random(using: &random) { actions.append(.purchase(goal: goal)) }
            case 50..<55 where goals > 0: actions.append(.withdraw(goal: goal, cents: Int64.random(in: 1...1_500, using: &random)))
            case 55..<58 where goals > 0: actions.append(.cancel(goal: goal))
            case 58..<62 where goals > 0: actions.append(.purchase(goal: goal))
            case 62..<70:
                actions.append(
                    .useTemplate(child: child, template: Int.random(in: 0...1, using: &random), byChild: Bool.random(using: &random)))
            case 70..<73:
                actions.append(
                    .createRecurring(
                        child: child, cents: Int64.random(in: 1...1_000, using: &random), dayOfWeek: Int.random(in: 0...6, using: &random)))
            case 73..<82: actions.append(.advance(hours: Int.random(in: 1...240, using: &random)))
            case 82..<87: actions.append(.adjustPoints(child: child, points: Int.random(in: -50...200, using: &random)))
            case 87..<91: actions.append(.redeemPoints(child: child, points: Int.random(in: 1...40, using: &random)))
            case 91..<93: actions.append(.removeChild(child: child))
            case 93..<96: actions.append(.foreignDebit(child: child, cents: cents(&random)))
            default: actions.append(.credit(child: child, cents: cents(&random)))
            }
        }
        return actions
    }
}
