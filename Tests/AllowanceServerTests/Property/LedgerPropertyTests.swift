import AllowanceAPI
import Foundation
import Testing
import Vapor
import VaporTesting

@testable import AllowanceServer

/// Random sequences of what families do with money, each on a new family, checked against
/// `LedgerModel`: every action is accepted or refused as the model says, and afterwards every
/// balance, goal amount, goal status and points balance is the model's, nothing is negative,
/// and the ledger audit (`verify`) is clean. A failing sequence is shortened before it is
/// reported, so the report is a recipe a person can follow.
///
/// `PROPERTY_SEQUENCES` (default 1000) and `PROPERTY_SEED` choose how many and which.
@Suite struct LedgerPropertyTests {
    static let timeZone = "America/New_York"

    @Test func everySequenceEndsWhereThePlainModelSays() async throws {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["PROPERTY_SEQUENCES"].flatMap(Int.init) ?? 1000
        let seed = environment["PROPERTY_SEED"].flatMap(UInt64.init) ?? 20_261_123
        try await withApp { client in
            let outsider = try await client.family(name: "Outsiders", children: [("Olive", Money(cents: 100))])
            var random = SeededGenerator(seed: seed)
            let tally = Tally()
            for index in 0..<count {
                let actions = LedgerAction.sequence(length: Int.random(in: 5...30, using: &random), using: &random)
                guard let failure = try await run(actions, on: client, outsider: outsider, tally: tally) else { continue }
                let (shortest, reason) = try await shorten(actions, failure: failure, on: client, outsider: outsider)
                Issue.record(
                    """
                    Sequence \(index) (seed \(seed)) broke a rule: \(reason)
                    Shortest sequence that does it (\(shortest.count) of \(actions.count) steps), on a family whose children \
                    start with $50.00 and $20.00:
                    \(shortest.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n"))
                    """)
                return
            }
            print("LedgerPropertyTests: \(count) sequences (seed \(seed)), all as the model says; \(tally.summary)")
        }
    }

    /// Removes steps while the sequence still fails, halves first, then one at a time.
    func shorten(_ actions: [LedgerAction], failure: String, on client: TestClient, outsider: TestFamily) async throws
        -> ([LedgerAction], String)
    {
        var current = actions
        var reason = failure
        var chunk = max(1, current.count / 2)
        var attempts = 0
        while chunk >= 1, attempts < 300 {
            var start = 0
            var removedAny = false
            while start < current.count, attempts < 300 {
                var candidate = current
                candidate.removeSubrange(start..<min(current.count, start + chunk))
                attempts += 1
                if let why = try await run(candidate, on: client, outsider: outsider) {
                    current = candidate
                    reason = why
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if !removedAny { chunk /= 2 }
        }
        return (current, reason)
    }

    /// Runs one sequence on a new family; nil when everything matched, else what did not.
    func run(_ actions: [LedgerAction], on client: TestClient, outsider: TestFamily, tally: Tally? = nil) async throws -> String? {
        client.now.value = testStart
        var family = try await client.family(timeZone: Self.timeZone)
        family.children.append(
            try await client.addChild(to: family, name: "Kai", balance: Money(cents: 5_000), allowance: Money(cents: 500), day: .saturday))
        family.children.append(
            try await client.addChild(
                to: family, name: "Freya", balance: Money(cents: 2_000), allowance: Money(cents: 750), day: .wednesday))
        let _: LearningSettingsDto = try await client.call(
            .PUT, "/api/v1/families/current/learning-settings", token: family.parent.token,
            json: LearningSettingsDto(pointsPerDollar: Int(LedgerModel.pointsPerDollar)))
        var templates: [UUID] = []
        for (index, template) in LedgerModel.templates.enumerated() {
            let made: TransactionTemplateDto = try await client.call(
                .POST, "/api/v1/templates", token: family.parent.token,
                json: CreateTransactionTemplateDto(
                    name: index == 0 ? "Chores" : "Snack", iconName: "star", defaultAmount: Money(cents: template.cents),
                    type: template.isCredit ? .credit : .debit))
            templates.append(made.id)
        }
        var model = LedgerModel(
            now: testStart, timeZone: TimeZone(identifier: Self.timeZone)!,
            children: [(5_000, 500, Weekday.saturday.rawValue), (2_000, 750, Weekday.wednesday.rawValue)])
        var goalIDs: [(id: UUID, child: Int)] = []

        for (step, planned) in actions.enumerated() {
            let action = model.resolve(planned)
            let expected = model.apply(action)
            tally?.count(action, accepted: expected)
            let status = try await perform(action, family: &family, goals: &goalIDs, templates: templates, on: client, outsider: outsider)
            if let status {
                if status.code >= 500 { return "step \(step + 1) (\(action)): the server answered \(status.code)" }
                let accepted = (200..<300).contains(status.code)
                if accepted != expected {
                    return
                        "step \(step + 1) (\(action)): the server \(accepted ? "accepted" : "refused (\(status.code))") it, the model \(expected ? "accepts" : "refuses") it"
                }
            } else if expected {
                return "step \(step + 1) (\(action)): there was nothing to send it to, yet the model accepts it"
            }
        }
        return try await compare(model, family: family, goals: goalIDs, on: client)
    }

    /// Sends one action the way a client would. nil when it names a goal that was never made.
    func perform(
        _ action: LedgerAction, family: inout TestFamily, goals: inout [(id: UUID, child: Int)], templates: [UUID], on client: TestClient,
        outsider: TestFamily
    ) async throws -> HTTPResponseStatus? {
        let parent = family.parent.token
        let children = family.children
        func goal(_ index: Int) -> UUID? { goals.indices.contains(index) ? goals[index].id : nil }
        switch action {
        case .credit(let child, let cents):
            return try await client.post(.credit, cents, to: children[child], in: family).status
        case .debit(let child, let cents):
            return try await client.post(.debit, cents, to: children[child], in: family).status
        case .foreignDebit(let child, let cents):
            return try await client.send(
                .POST, "/api/v1/transactions", token: outsider.parent.token,
                json: CreateTransactionRequest(
                    childId: children[child].id, amount: Money(cents: cents), type: .debit, description: "Not yours")
            ).status
        case .createGoal(let child, let target):
            let response = try await client.send(
                .POST, "/api/v1/savings-goals", token: parent,
                json: CreateSavingsGoalDto(
                    childId: children[child].id, name: "Goal \(goals.count + 1)", targetAmount: Money(cents: target), category: .toy))
            if response.status == .created || response.status == .ok {
                goals.append((try response.decode(SavingsGoalDto.self).id, child))
            }
            return response.status
        case .match(let index, let kind, let ratio, let cap):
            guard let id = goal(index) else { return nil }
            return try await client.send(
                .POST, "/api/v1/savings-goals/\(id)/matching", token: parent,
                json: CreateMatchingRuleDto(
                    type: MatchingType(rawValue: kind)!, matchRatio: MatchRatio(tenThousandths: ratio),
                    maxMatchAmount: cap.map(Money.init(cents:)))
            ).status
        case .contribute(let index, let cents, let byChild):
            guard let id = goal(index) else { return nil }
            let token = byChild ? children[goals[index].child].token : parent
            return try await client.send(
                .POST, "/api/v1/savings-goals/\(id)/contribute", token: token, json: ContributeToGoalDto(amount: Money(cents: cents))
            ).status
        case .fillGoal:
            preconditionFailure("the model resolves fillGoal into a contribution before it is sent")
        case .withdraw(let index, let cents):
            guard let id = goal(index) else { return nil }
            return try await client.send(
                .POST, "/api/v1/savings-goals/\(id)/withdraw", token: parent, json: WithdrawFromGoalDto(amount: Money(cents: cents))
            ).status
        case .cancel(let index):
            guard let id = goal(index) else { return nil }
            return try await client.send(.DELETE, "/api/v1/savings-goals/\(id)", token: parent).status
        case .purchase(let index):
            guard let id = goal(index) else { return nil }
            return try await client.send(.POST, "/api/v1/savings-goals/\(id)/purchase", token: parent, json: MarkGoalPurchasedDto()).status
        case .useTemplate(let child, let template, let byChild):
            return try await client.send(
                .POST, "/api/v1/templates/\(templates[template])/use", token: byChild ? children[child].token : parent,
                json: UseTemplateDto(childId: children[child].id)
            ).status
        case .createRecurring(let child, let cents, let day):
            return try await client.send(
                .POST, "/api/v1/recurring-transactions", token: parent,
                json: recurringInput(
                    for: children[child], name: "Weekly \(day)", cents: cents, type: .credit, dayOfWeek: day, start: client.now.value)
            ).status
        case .advance(let hours):
            await client.runJobs(at: client.now.value.addingTimeInterval(Double(hours) * 3_600), for: family)
            family = try await signInAgain(family, on: client)
            return .ok
        case .adjustPoints(let child, let points):
            return try await client.send(
                .POST, "/api/v1/children/\(children[child].id)/points/adjust", token: parent,
                json: PointsChangeDto(points: points, description: "Correction")
            ).status
        case .redeemPoints(let child, let points):
            return try await client.send(
                .POST, "/api/v1/children/\(children[child].id)/points/redeem", token: parent,
                json: PointsChangeDto(points: points, description: "Treat")
            ).status
        case .removeChild(let child):
            return try await client.send(.DELETE, "/api/v1/children/\(children[child].id)", token: parent).status
        }
    }

    /// Tokens last a day of the app clock and sequences move it by days: everyone still in
    /// the family signs in again (a removed child's old token stays, and is refused).
    func signInAgain(_ family: TestFamily, on client: TestClient) async throws -> TestFamily {
        var fresh = family
        fresh.parent = try await client.call(
            .POST, "/api/v1/auth/login", json: LoginRequest(email: family.parent.email, password: "secret1"))
        for (index, child) in family.children.enumerated() {
            let response = try await client.send(.POST, "/api/v1/auth/login", json: LoginRequest(email: child.email, password: "secret1"))
            guard response.status == .ok else { continue }
            let login = try response.decode(AuthResponse.self)
            fresh.children[index] = TestChild(id: child.id, userId: child.userId, token: login.token, email: child.email)
        }
        return fresh
    }

    /// The server's view of the family against the model's; nil when they agree.
    func compare(_ model: LedgerModel, family: TestFamily, goals: [(id: UUID, child: Int)], on client: TestClient) async throws
        -> String?
    {
        let parent = family.parent.token
        for (index, expected) in model.children.enumerated() {
            let child = family.children[index]
            let balance = try await client.send(.GET, "/api/v1/children/\(child.id)/balance", token: parent)
            if expected.removed {
                if balance.status != .notFound { return "child \(index) was removed, yet its balance answers \(balance.status.code)" }
                continue
            }
            let served = try balance.decode(ChildBalanceResponse.self).currentBalance.cents
            if served != expected.balance { return "child \(index)'s balance is \(served) cents, the model says \(expected.balance)" }
            if served < 0 { return "child \(index)'s balance is negative (\(served) cents)" }
            let points: PointsDto = try await client.call(.GET, "/api/v1/children/\(child.id)/points", token: parent)
            if Int64(points.balance) != expected.points {
                return "child \(index) has \(points.balance) points, the model says \(expected.points)"
            }
        }
        for (index, expected) in model.goals.enumerated() where !model.children[expected.child].removed {
            let served: SavingsGoalDto = try await client.call(.GET, "/api/v1/savings-goals/\(goals[index].id)", token: parent)
            if served.currentAmount.cents != expected.current {
                return "goal \(index) holds \(served.currentAmount.cents) cents, the model says \(expected.current)"
            }
            if served.status.rawValue != expected.status.rawValue {
                return "goal \(index) is \(served.statusName), the model says \(expected.status)"
            }
            if served.currentAmount.cents < 0 { return "goal \(index) holds a negative amount" }
        }
        let audit = try await client.audit(family)
        return audit.isClean ? nil : "the ledger audit found: \(audit.problems.joined(separator: "; "))"
    }
}

/// How many steps of each kind ran, accepted and refused, so the figures say what was tried.
final class Tally: @unchecked Sendable {
    private var counts: [String: (accepted: Int, refused: Int)] = [:]

    func count(_ action: LedgerAction, accepted: Bool) {
        let kind = Mirror(reflecting: action).children.first?.label ?? "\(action)"
        var entry = counts[kind, default: (0, 0)]
        if accepted { entry.accepted += 1 } else { entry.refused += 1 }
        counts[kind] = entry
    }

    var summary: String {
        let total = counts.values.reduce(0) { $0 + $1.accepted + $1.refused }
        let kinds = counts.keys.sorted().map { "\($0) \(counts[$0]!.accepted)/\(counts[$0]!.refused)" }
        return "\(total) steps (accepted/refused): " + kinds.joined(separator: ", ")
    }
}
