import AllowanceAPI
import Foundation
import SQLKit
import Testing
import VaporTesting

@testable import AllowanceServer

/// Savings-goal steps the tests take the way a client would.
extension TestClient {
    /// A goal for `child`, created by the family's parent unless `token` says otherwise.
    func createGoal(
        for child: TestChild, in family: TestFamily, name: String = "Bike", target: Int64 = 100_00, priority: Int? = nil,
        autoTransfer: (AutoTransferType, Int64)? = nil, targetDate: Date? = nil, token: String? = nil
    ) async throws -> SavingsGoalDto {
        try await call(
            .POST, "/api/v1/savings-goals", token: token ?? family.parent.token,
            json: CreateSavingsGoalDto(
                childId: child.id, name: name, targetAmount: Money(cents: target), category: .toy, targetDate: targetDate,
                priority: priority,
                autoTransferAmount: autoTransfer.map { Money(cents: $0.1) }, autoTransferType: autoTransfer?.0))
    }

    @discardableResult
    func contribute(_ cents: Int64, to goal: SavingsGoalDto, token: String, description: String? = nil) async throws -> TestingHTTPResponse
    {
        try await send(
            .POST, "/api/v1/savings-goals/\(goal.id)/contribute", token: token,
            json: ContributeToGoalDto(amount: Money(cents: cents), description: description))
    }

    /// A contribution that must succeed.
    @discardableResult
    func saved(_ cents: Int64, to goal: SavingsGoalDto, token: String, sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> GoalProgressEventDto
    {
        try await call(
            .POST, "/api/v1/savings-goals/\(goal.id)/contribute", token: token, json: ContributeToGoalDto(amount: Money(cents: cents)),
            sourceLocation: sourceLocation)
    }

    func goal(_ id: UUID, token: String) async throws -> SavingsGoalDto {
        try await call(.GET, "/api/v1/savings-goals/\(id)", token: token)
    }

    func goals(of child: TestChild, token: String, query: String = "") async throws -> [SavingsGoalDto] {
        try await call(.GET, "/api/v1/children/\(child.id)/savings-goals\(query)", token: token)
    }

    func contributions(of goal: SavingsGoalDto, token: String, query: String = "") async throws -> [ContributionDto] {
        try await call(.GET, "/api/v1/savings-goals/\(goal.id)/contributions\(query)", token: token)
    }

    @discardableResult
    func match(
        _ goal: SavingsGoalDto, _ type: MatchingType, ratio: String, max: Int64? = nil, expiresAt: Date? = nil, in family: TestFamily
    ) async throws
        -> MatchingRuleDto
    {
        try await call(
            .POST, "/api/v1/savings-goals/\(goal.id)/matching", token: family.parent.token,
            json: CreateMatchingRuleDto(
                type: type, matchRatio: MatchRatio(ratio)!, maxMatchAmount: max.map(Money.init(cents:)), expiresAt: expiresAt))
    }

    @discardableResult
    func challenge(_ goal: SavingsGoalDto, target: Int64, bonus: Int64, days: Double = 7, in family: TestFamily) async throws
        -> GoalChallengeDto
    {
        try await call(
            .POST, "/api/v1/savings-goals/\(goal.id)/challenge", token: family.parent.token,
            json: CreateGoalChallengeDto(
                targetAmount: Money(cents: target), endDate: now.value.addingTimeInterval(days * 86_400), bonusAmount: Money(cents: bonus),
                description: "Save \(Money(cents: target).formatted) this week"))
    }

    func childRecord(_ child: TestChild, in family: TestFamily) async throws -> ChildRecord {
        try #require(try await FamilyDirectory.child(child.id, inFamily: family.parent.familyId, on: app.db.sql))
    }

    /// What the payday job does for one child: credits the allowance and runs the payday
    /// hooks in the same transaction.
    func payday(_ child: TestChild, in family: TestFamily, allowance: Int64 = 10_00) async throws {
        let record = try await childRecord(child, in: family)
        let paidAt = now.value
        let amount = Money(cents: allowance)
        let hooks = app.paydayHooks.all
        let service = app.context(now: paidAt)
        try await service.write { db in
            _ = try await LedgerService.post(
                LedgerPosting(
                    childID: record.id, type: .credit, amount: amount, description: "Weekly allowance", createdBy: nil, at: paidAt),
                calendar: record.calendar, on: db)
            let context = PaydayContext(
                childID: record.id, familyID: record.familyID, allowance: amount, paidAt: paidAt, calendar: record.calendar)
            for hook in hooks { try await hook.run(context, service.within(db)) }
        }
    }

    /// Runs the challenge-expiry job as the scheduler would, at the clock's instant.
    @discardableResult
    func runChallengeExpiry() async throws -> Int {
        let job = try #require(app.jobs.all.first { $0.name == "challenge-expiry" })
        return try await job.run(app.context(now: now.value))
    }
}

/// "2026-12-24" as the wire carries a date-only field.
func day(_ text: String) -> Date { ISO8601Wire.parse(text)! }
