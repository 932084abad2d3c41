import AllowanceAPI
import Foundation

/// Savings goals and the money moving into and out of them.
extension APIClient {
    /// A parent names `childId`; a child's goal is their own.
    public func createSavingsGoal(_ input: CreateSavingsGoalDto) async throws -> SavingsGoalDto {
        try await call(APIRequest(.post, "/api/v1/savings-goals", json: input))
    }

    public func savingsGoal(_ goalId: UUID) async throws -> SavingsGoalDto {
        try await call(APIRequest(.get, "/api/v1/savings-goals/\(goalId)"))
    }

    /// A child's goals by priority: Active and Paused, or those of one `status`, plus finished ones when asked.
    public func savingsGoals(of childId: UUID, status: GoalStatus? = nil, includeCompleted: Bool = false) async throws -> [SavingsGoalDto] {
        let query = queryItems(["status": status.map { String($0.rawValue) }, "includeCompleted": includeCompleted ? "true" : nil])
        return try await call(APIRequest(.get, "/api/v1/children/\(childId)/savings-goals", query: query))
    }

    /// Send only what changes.
    public func updateSavingsGoal(_ goalId: UUID, _ input: UpdateSavingsGoalDto) async throws -> SavingsGoalDto {
        try await call(APIRequest(.put, "/api/v1/savings-goals/\(goalId)", json: input))
    }

    /// Cancels the goal: everything in it returns to the child's balance.
    public func cancelSavingsGoal(_ goalId: UUID) async throws {
        try await callWithoutAnswer(APIRequest(.delete, "/api/v1/savings-goals/\(goalId)"))
    }

    public func pauseSavingsGoal(_ goalId: UUID) async throws -> SavingsGoalDto {
        try await call(APIRequest(.post, "/api/v1/savings-goals/\(goalId)/pause"))
    }

    public func resumeSavingsGoal(_ goalId: UUID) async throws -> SavingsGoalDto {
        try await call(APIRequest(.post, "/api/v1/savings-goals/\(goalId)/resume"))
    }

    /// Moves money from the balance into the goal; the answer tells of matching, milestones and challenges.
    public func contribute(to goalId: UUID, _ input: ContributeToGoalDto, idempotencyKey: String = UUID().uuidString) async throws
        -> GoalProgressEventDto
    {
        try await call(APIRequest(.post, "/api/v1/savings-goals/\(goalId)/contribute", json: input, idempotencyKey: idempotencyKey))
    }

    /// Moves money from the goal back to the balance (parents).
    /// A parent's or a relative's gift straight into the goal (parents).
    public func gift(to goalId: UUID, _ input: GiftToGoalDto, idempotencyKey: String = UUID().uuidString) async throws
        -> GoalProgressEventDto
    {
        try await call(APIRequest(.post, "/api/v1/savings-goals/\(goalId)/gift", json: input, idempotencyKey: idempotencyKey))
    }

    public func withdraw(from goalId: UUID, _ input: WithdrawFromGoalDto, idempotencyKey: String = UUID().uuidString) async throws
        -> ContributionDto
    {
        try await call(APIRequest(.post, "/api/v1/savings-goals/\(goalId)/withdraw", json: input, idempotencyKey: idempotencyKey))
    }

    /// Marks a completed goal purchased (records the spend).
    public func markPurchased(
        _ goalId: UUID, _ input: MarkGoalPurchasedDto = MarkGoalPurchasedDto(), idempotencyKey: String = UUID().uuidString
    )
        async throws -> SavingsGoalDto
    {
        try await call(APIRequest(.post, "/api/v1/savings-goals/\(goalId)/purchase", json: input, idempotencyKey: idempotencyKey))
    }

    /// The goal's history, newest first.
    public func contributions(
        to goalId: UUID, type: ContributionType? = nil, from: Date? = nil, to: Date? = nil, limit: Int? = nil
    ) async throws -> [ContributionDto] {
        let query = queryItems([
            "type": type.map { String($0.rawValue) }, "startDate": from?.wireText, "endDate": to?.wireText, "limit": limit.map(String.init),
        ])
        return try await call(APIRequest(.get, "/api/v1/savings-goals/\(goalId)/contributions", query: query))
    }
}
