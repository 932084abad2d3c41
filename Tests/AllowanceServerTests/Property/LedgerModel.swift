import Foundation

/// What a family's money should be after a sequence of actions, worked out the plain way:
/// integers and a calendar, none of the server's code. Each `apply` says whether the server
/// must accept the action (true) or refuse it with a 4xx and change nothing (false).
struct LedgerModel {
    struct Child {
        var balance: Int64
        var points: Int64 = 0
        var removed = false
        let allowance: Int64
        /// 0 Sunday ... 6 Saturday.
        let allowanceDay: Int
        var paidThrough: Date
    }

    enum Status: Int {
        case active = 1
        case completed, purchased, cancelled
    }

    struct Rule {
        let kind: Int
        let tenThousandths: Int64
        let cap: Int64?
        var matched: Int64 = 0

        /// `amount`, or what the cap still allows of it.
        mutating func pay(_ amount: Int64) -> Int64 {
            let paid = cap.map { min(amount, max(0, $0 - matched)) } ?? amount
            guard paid > 0 else { return 0 }
            matched += paid
            return paid
        }
    }

    struct Goal {
        let child: Int
        let target: Int64
        var current: Int64 = 0
        var status = Status.active
        var achieved: Set<Int> = []
        var rule: Rule?
    }

    struct Recurring {
        let child: Int
        let cents: Int64
        let dayOfWeek: Int
        var paidThrough: Date
    }

    static let pointsPerDollar: Int64 = 10
    static let templates: [(cents: Int64, isCredit: Bool)] = [(300, true), (125, false)]

    var now: Date
    let calendar: Calendar
    var children: [Child]
    var goals: [Goal] = []
    var recurring: [Recurring] = []

    init(now: Date, timeZone: TimeZone, children: [(balance: Int64, allowance: Int64, day: Int)]) {
        self.now = now
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
        self.children = children.map { Child(balance: $0.balance, allowance: $0.allowance, allowanceDay: $0.day, paidThrough: now) }
    }

    func live(_ child: Int) -> Bool { children.indices.contains(child) && !children[child].removed }

    /// The action with what it depends on filled in from the model's state.
    func resolve(_ action: LedgerAction) -> LedgerAction {
        guard case .fillGoal(let index) = action else { return action }
        let missing = goals.indices.contains(index) ? goals[index].target - goals[index].current : 1
        return .contribute(goal: index, cents: max(1, missing), byChild: false)
    }

    mutating func apply(_ action: LedgerAction) -> Bool {
        switch action {
        case .fillGoal: return apply(resolve(action))
        case .credit(let child, let cents):
            guard live(child) else { return false }
            children[child].balance += cents
        case .debit(let child, let cents), .foreignDebit(let child, let cents):
            if case .foreignDebit = action { return false }
            guard live(child), children[child].balance >= cents else { return false }
            children[child].balance -= cents
        case .createGoal(let child, let target):
            guard live(child) else { return false }
            goals.append(Goal(child: child, target: target))
        case .match(let index, let kind, let ratio, let cap):
            // A milestone bonus is at most the whole target again (a ratio of 1).
            guard let goal = goal(index), goal.status == .active, goal.rule == nil, kind != 3 || ratio <= 10_000 else { return false }
            goals[index].rule = Rule(kind: kind, tenThousandths: ratio, cap: cap)
        case .contribute(let index, let cents, _):
            guard let goal = goal(index), goal.status == .active, children[goal.child].balance >= cents else { return false }
            children[goal.child].balance -= cents
            goals[index].current += cents
            if var rule = goal.rule, rule.kind != 3 {
                let raw = cents * rule.tenThousandths / 10_000
                goals[index].current += rule.pay(rule.kind == 2 ? raw / 100 : raw)
                goals[index].rule = rule
            }
            settle(index)
        case .withdraw(let index, let cents):
            guard let goal = goal(index), goal.status == .active || goal.status == .completed, cents <= goal.current else { return false }
            goals[index].current -= cents
            children[goal.child].balance += cents
            if goal.status == .completed, goals[index].current < goal.target { goals[index].status = .active }
        case .cancel(let index):
            guard let goal = goal(index), goal.status == .active || goal.status == .completed else { return false }
            children[goal.child].balance += goal.current
            goals[index].current = 0
            goals[index].status = .cancelled
        case .purchase(let index):
            guard let goal = goal(index), goal.status == .completed else { return false }
            // The price is the target; saved past it goes back to the child.
            children[goal.child].balance += goal.current - goal.target
            goals[index].current = 0
            goals[index].status = .purchased
        case .useTemplate(let child, let template, let byChild):
            guard live(child) else { return false }
            let (cents, isCredit) = Self.templates[template]
            // A child may use a template only for their own spending.
            if byChild && isCredit { return false }
            if isCredit {
                children[child].balance += cents
            } else {
                guard children[child].balance >= cents else { return false }
                children[child].balance -= cents
            }
        case .createRecurring(let child, let cents, let day):
            guard live(child) else { return false }
            recurring.append(Recurring(child: child, cents: cents, dayOfWeek: day, paidThrough: now))
        case .advance(let hours):
            now = now.addingTimeInterval(Double(hours) * 3_600)
            for index in children.indices where !children[index].removed {
                let paydays = instants(weekday: children[index].allowanceDay, hour: 0, after: children[index].paidThrough, through: now)
                children[index].balance += Int64(paydays.count) * children[index].allowance
                if let last = paydays.last { children[index].paidThrough = last }
            }
            for index in recurring.indices where live(recurring[index].child) {
                let due = instants(weekday: recurring[index].dayOfWeek, hour: 9, after: recurring[index].paidThrough, through: now)
                children[recurring[index].child].balance += Int64(due.count) * recurring[index].cents
                if let last = due.last { recurring[index].paidThrough = last }
            }
        case .adjustPoints(let child, let points):
            guard live(child), points != 0, children[child].points + Int64(points) >= 0 else { return false }
            children[child].points += Int64(points)
        case .redeemPoints(let child, let points):
            guard live(child), Int64(points) <= children[child].points else { return false }
            children[child].points -= Int64(points)
            children[child].balance += Int64(points) * 100 / Self.pointsPerDollar
        case .removeChild(let child):
            guard live(child) else { return false }
            children[child].removed = true
        }
        return true
    }

    /// A goal of a child still in the family.
    private func goal(_ index: Int) -> Goal? {
        guard goals.indices.contains(index), live(goals[index].child) else { return nil }
        return goals[index]
    }

    /// Milestones at 25, 50, 75 and 100 %, each once, each paying a milestone-bonus rule's
    /// bonus (which may reach the next one); then the goal completes at its target.
    private mutating func settle(_ index: Int) {
        while goals[index].status == .active {
            let goal = goals[index]
            let reached = [25, 50, 75, 100].filter { !goal.achieved.contains($0) && goal.current * 100 >= goal.target * Int64($0) }
            guard reached.isEmpty else {
                for percent in reached {
                    goals[index].achieved.insert(percent)
                    if var rule = goals[index].rule, rule.kind == 3 {
                        goals[index].current += rule.pay(goal.target * rule.tenThousandths / 10_000 / 4)
                        goals[index].rule = rule
                    }
                }
                continue
            }
            if goal.current >= goal.target { goals[index].status = .completed }
            return
        }
    }

    /// The instants at `hour`:00 local on `weekday` (0 Sunday) after `start`, up to `end`.
    private func instants(weekday: Int, hour: Int, after start: Date, through end: Date) -> [Date] {
        var found: [Date] = []
        var day = calendar.startOfDay(for: start)
        while day <= end {
            if calendar.component(.weekday, from: day) == weekday + 1,
                let instant = calendar.date(bySettingHour: hour, minute: 0, second: 0, of: day), instant > start, instant <= end
            {
                found.append(instant)
            }
            day = calendar.date(byAdding: .day, value: 1, to: day)!
        }
        return found
    }
}
