import AllowanceAPI
import AllowanceCore
import Foundation
import Vapor

/// Twelve weeks of the demo family using the product, so a first launch shows what it does:
/// paydays (with an auto-transfer into a goal), spending, quick-add templates, a savings goal
/// past its first milestones with a matching rule, a grandparent's gift, a recurring chore and
/// the notifications all of that sent. It is lived, not written: each day the real services
/// and background jobs run as of that day, so every row is posted the way it would have been,
/// and each child ends today at exactly $100.00 (piggy-bank.md) with one last ordinary entry.
extension DemoFamily {
    static let historyDays = 84
    static let targetBalance = Money(cents: 100_00)

    struct Member {
        let id: UUID
        let user: AuthUser
    }

    static func liveHistory(familyID: UUID, parent: AuthUser, kai: Member, freya: Member, from start: Date, in app: Application)
        async throws
    {
        let calendar = try await record(kai, familyID: familyID, app.context(now: start)).calendar
        let script = try await Script(familyID: familyID, parent: parent, kai: kai, freya: freya, context: app.context(now: start))
        let now = app.clock.now()
        for day in 1...historyDays {
            // Late afternoon, after school, in the family's zone.
            let at = calendar.startOfDay(calendar.adding(days: day, to: start)).addingTimeInterval(17.5 * 3_600)
            guard at < now else { break }
            let context = app.context(now: at, familyScope: familyID)
            _ = await JobRunner.runAll(context)
            try await script.live(day, in: context)
        }
        let today = app.context(familyScope: familyID)
        _ = await JobRunner.runAll(today)
        for member in [kai, freya] { try await settle(member, at: targetBalance, parent: parent, familyID: familyID, in: today) }
    }

    /// The day's last entry brings the balance to `target`: a car wash earned, or the cinema paid.
    private static func settle(_ member: Member, at target: Money, parent: AuthUser, familyID: UUID, in context: ServiceContext)
        async throws
    {
        let child = try await record(member, familyID: familyID, context)
        let gap = target - child.balance
        guard gap != .zero else { return }
        let input = CreateTransactionRequest(
            childId: child.id, amount: gap.magnitude, type: gap.isPositive ? .credit : .debit,
            description: gap.isPositive ? "Helped wash the car" : "Cinema with friends", category: gap.isPositive ? "Chores" : "Fun")
        _ = try await TransactionService.create(input, for: child, by: parent, in: context)
    }

    static func record(_ member: Member, familyID: UUID, _ context: ServiceContext) async throws -> ChildRecord {
        guard let child = try await FamilyDirectory.child(member.id, inFamily: familyID, on: context.sql) else {
            throw AppError.notFound("Child")
        }
        return child
    }

    /// What each child does on which day of the twelve weeks.
    private struct Script {
        let familyID: UUID
        let parent: AuthUser
        let kai: Member
        let freya: Member
        let iceCream: TemplateService.Row
        let chores: TemplateService.Row
        let lego: UUID
        let artSet: UUID

        /// On the first day: the family's templates, both goals, the match and the recurring chore.
        init(familyID: UUID, parent: AuthUser, kai: Member, freya: Member, context: ServiceContext) async throws {
            self.familyID = familyID
            self.parent = parent
            self.kai = kai
            self.freya = freya
            let iceCream = try await TemplateService.create(
                CreateTransactionTemplateDto(
                    name: "Ice cream", iconName: "icecream", color: "#F97316", defaultAmount: Money(cents: 3_50), type: .debit,
                    category: "Food"),
                by: parent, in: context)
            let chores = try await TemplateService.create(
                CreateTransactionTemplateDto(
                    name: "Chores", iconName: "sparkles", color: "#22C55E", defaultAmount: Money(cents: 2_00), type: .credit,
                    category: "Chores"),
                by: parent, in: context)
            let rows = try await TemplateService.rows(forFamily: familyID, withUsage: false, on: context.sql)
            guard let iceCreamRow = rows.first(where: { $0.id == iceCream.id }), let choresRow = rows.first(where: { $0.id == chores.id })
            else { throw AppError.notFound("Template") }
            self.iceCream = iceCreamRow
            self.chores = choresRow

            let kaiRecord = try await DemoFamily.record(kai, familyID: familyID, context)
            let freyaRecord = try await DemoFamily.record(freya, familyID: familyID, context)
            let lego = try await SavingsGoalService.create(
                CreateSavingsGoalDto(
                    childId: kai.id, name: "Lego Castle", description: "The big one with the drawbridge",
                    targetAmount: Money(cents: 100_00),
                    category: .toy, autoTransferAmount: Money(cents: 2_00), autoTransferType: .fixedAmount),
                for: kaiRecord, by: kai.user, in: context)
            self.lego = lego.id
            let artSet = try await SavingsGoalService.create(
                CreateSavingsGoalDto(childId: freya.id, name: "Art set", targetAmount: Money(cents: 60_00), category: .other),
                for: freyaRecord, by: freya.user, in: context)
            self.artSet = artSet.id
            guard let legoRecord = try await GoalStore.goal(lego.id, on: context.sql) else { throw AppError.notFound("Goal") }
            _ = try await MatchingRuleService.create(
                GoalAccess(user: parent, goal: legoRecord, child: kaiRecord),
                CreateMatchingRuleDto(
                    type: .ratioMatch, matchRatio: MatchRatio(tenThousandths: 5_000), maxMatchAmount: Money(cents: 10_00)),
                in: context)
            _ = try await RecurringService.create(
                CreateRecurringTransactionDto(
                    childId: freya.id, name: "Feed the cat", amount: Money(cents: 1_50), type: .credit, category: "Chores",
                    pattern: .weekly, dayOfWeek: Weekday.wednesday.rawValue, timeOfDay: TimeOfDay(hour: 18, minute: 0),
                    startDate: context.now),
                for: freyaRecord, by: parent, in: context)
        }

        func live(_ day: Int, in context: ServiceContext) async throws {
            let kaiNow = try await DemoFamily.record(kai, familyID: familyID, context)
            let freyaNow = try await DemoFamily.record(freya, familyID: familyID, context)
            if day % 7 == 3, kaiNow.balance >= Money(cents: 3_50) {
                _ = try await TemplateUseService.use(iceCream, for: kaiNow, UseTemplateDto(childId: kai.id), by: parent, in: context)
            }
            if day % 10 == 4 {
                _ = try await TemplateUseService.use(chores, for: kaiNow, UseTemplateDto(childId: kai.id), by: parent, in: context)
            }
            if day % 14 == 6 { try await save(5_00, into: lego, by: kai, context) }
            if day == 30 {
                _ = try await TransactionService.create(
                    CreateTransactionRequest(
                        childId: kai.id, amount: Money(cents: 4_99), type: .debit, description: "Comic book", category: "Books"),
                    for: kaiNow, by: parent, in: context)
            }
            if day % 7 == 5 { try await save(3_00, into: artSet, by: freya, context) }
            if day % 9 == 1, freyaNow.balance >= Money(cents: 2_25) {
                _ = try await TransactionService.create(
                    CreateTransactionRequest(
                        childId: freya.id, amount: Money(cents: 2_25), type: .debit, description: "Stickers", category: "Fun"),
                    for: freyaNow, by: parent, in: context)
            }
            if day == 40, let goal = try await GoalStore.goal(artSet, on: context.sql), goal.status == .active {
                _ = try await GoalMoneyService.gift(
                    GoalAccess(user: parent, goal: goal, child: freyaNow),
                    GiftToGoalDto(amount: Money(cents: 5_00), type: .externalGift, giverName: "Grandma Rose", note: "For your art set"),
                    in: context)
            }
        }

        /// A child's own contribution, while the goal is open and the money is there.
        private func save(_ cents: Int64, into goalID: UUID, by member: Member, _ context: ServiceContext) async throws {
            let child = try await DemoFamily.record(member, familyID: familyID, context)
            guard let goal = try await GoalStore.goal(goalID, on: context.sql), goal.status == .active,
                child.balance >= Money(cents: cents)
            else { return }
            _ = try await GoalMoneyService.contribute(
                GoalAccess(user: member.user, goal: goal, child: child), ContributeToGoalDto(amount: Money(cents: cents)), in: context)
        }
    }
}

// The demo family's members act as themselves, as if signed in.
extension User {
    var demoUser: AuthUser {
        AuthUser(
            userID: id!, sessionID: UUID(), familyID: $family.id, role: role, firstName: firstName, lastName: lastName, email: email,
            childID: nil)
    }
}

extension ChildRecord {
    var demoUser: AuthUser {
        AuthUser(
            userID: userID, sessionID: UUID(), familyID: familyID, role: .child, firstName: firstName, lastName: lastName,
            email: email ?? "", childID: id)
    }
}
