import AllowanceAPI
import Foundation

/// A goal's parent matching rule and time-bound challenge.
extension APIClient {
    public func createMatchingRule(for goalId: UUID, _ input: CreateMatchingRuleDto) async throws -> MatchingRuleDto {
        try await call(APIRequest(.post, "/api/v1/savings-goals/\(goalId)/matching", json: input))
    }

    public func matchingRule(for goalId: UUID) async throws -> MatchingRuleDto {
        try await call(APIRequest(.get, "/api/v1/savings-goals/\(goalId)/matching"))
    }

    /// Send only what changes.
    public func updateMatchingRule(for goalId: UUID, _ input: UpdateMatchingRuleDto) async throws -> MatchingRuleDto {
        try await call(APIRequest(.put, "/api/v1/savings-goals/\(goalId)/matching", json: input))
    }

    public func deleteMatchingRule(for goalId: UUID) async throws {
        try await callWithoutAnswer(APIRequest(.delete, "/api/v1/savings-goals/\(goalId)/matching"))
    }

    public func createChallenge(for goalId: UUID, _ input: CreateGoalChallengeDto) async throws -> GoalChallengeDto {
        try await call(APIRequest(.post, "/api/v1/savings-goals/\(goalId)/challenge", json: input))
    }

    /// The goal's running challenge.
    public func challenge(for goalId: UUID) async throws -> GoalChallengeDto {
        try await call(APIRequest(.get, "/api/v1/savings-goals/\(goalId)/challenge"))
    }

    public func cancelChallenge(for goalId: UUID) async throws {
        try await callWithoutAnswer(APIRequest(.delete, "/api/v1/savings-goals/\(goalId)/challenge"))
    }

    /// Every challenge on a child's goals, newest first.
    public func challenges(of childId: UUID) async throws -> [GoalChallengeDto] {
        try await call(APIRequest(.get, "/api/v1/children/\(childId)/challenges"))
    }
}
