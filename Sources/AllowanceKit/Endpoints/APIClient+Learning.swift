import AllowanceAPI
import Foundation

/// Learning: the family's apps, sessions, points, learning goals, badges, the summary and the plan.
extension APIClient {
    public func appCategories() async throws -> [AppCategoryDto] {
        try await call(APIRequest(.get, "/api/v1/app-categories"))
    }

    public func createAppCategory(_ input: CreateAppCategoryDto) async throws -> AppCategoryDto {
        try await call(APIRequest(.post, "/api/v1/app-categories", json: input))
    }

    /// Send only what changes.
    public func updateAppCategory(_ appCategoryId: UUID, _ input: UpdateAppCategoryDto) async throws -> AppCategoryDto {
        try await call(APIRequest(.put, "/api/v1/app-categories/\(appCategoryId)", json: input))
    }

    /// Recorded sessions keep what they earned.
    public func deleteAppCategory(_ appCategoryId: UUID) async throws {
        try await callWithoutAnswer(APIRequest(.delete, "/api/v1/app-categories/\(appCategoryId)"))
    }

    /// Records a session: points, goals and badges follow.
    public func recordLearningSession(_ input: CreateLearningSessionDto) async throws -> LearningSessionDto {
        try await call(APIRequest(.post, "/api/v1/learning-sessions", json: input))
    }

    /// A child's sessions, newest first.
    public func learningSessions(of childId: UUID, from: Date? = nil, to: Date? = nil, limit: Int? = nil) async throws
        -> [LearningSessionDto]
    {
        let query = queryItems(["from": from?.wireText, "to": to?.wireText, "limit": limit.map(String.init)])
        return try await call(APIRequest(.get, "/api/v1/children/\(childId)/learning-sessions", query: query))
    }

    /// Balance, total earned and entries newest first.
    public func points(of childId: UUID, limit: Int? = nil) async throws -> PointsDto {
        try await call(APIRequest(.get, "/api/v1/children/\(childId)/points", query: queryItems(["limit": limit.map(String.init)])))
    }

    /// Spends points, and credits money at the family's rate when one is set.
    public func redeemPoints(of childId: UUID, _ input: PointsChangeDto, idempotencyKey: String = UUID().uuidString) async throws
        -> RedemptionDto
    {
        try await call(APIRequest(.post, "/api/v1/children/\(childId)/points/redeem", json: input, idempotencyKey: idempotencyKey))
    }

    /// Corrects points either way (parents); never below zero.
    public func adjustPoints(of childId: UUID, _ input: PointsChangeDto) async throws -> PointsEntryDto {
        try await call(APIRequest(.post, "/api/v1/children/\(childId)/points/adjust", json: input))
    }

    public func learningSettings() async throws -> LearningSettingsDto {
        try await call(APIRequest(.get, "/api/v1/families/current/learning-settings"))
    }

    /// Send only what changes; `pointsPerDollar` 0 means points are not money.
    public func updateLearningSettings(_ input: LearningSettingsDto) async throws -> LearningSettingsDto {
        try await call(APIRequest(.put, "/api/v1/families/current/learning-settings", json: input))
    }

    /// Basic families may keep 3 active goals per child: a 4th is `APIError.server` with code `upgrade_required`.
    public func createLearningGoal(_ input: CreateLearningGoalDto) async throws -> LearningGoalDto {
        try await call(APIRequest(.post, "/api/v1/learning-goals", json: input))
    }

    public func learningGoals(of childId: UUID, _ filter: LearningGoalFilter = .active) async throws -> [LearningGoalDto] {
        try await call(APIRequest(.get, "/api/v1/children/\(childId)/learning-goals", query: queryItems(["status": filter.rawValue])))
    }

    public func learningGoal(_ learningGoalId: UUID) async throws -> LearningGoalDto {
        try await call(APIRequest(.get, "/api/v1/learning-goals/\(learningGoalId)"))
    }

    /// Send only what changes.
    public func updateLearningGoal(_ learningGoalId: UUID, _ input: UpdateLearningGoalDto) async throws -> LearningGoalDto {
        try await call(APIRequest(.put, "/api/v1/learning-goals/\(learningGoalId)", json: input))
    }

    public func deleteLearningGoal(_ learningGoalId: UUID) async throws {
        try await callWithoutAnswer(APIRequest(.delete, "/api/v1/learning-goals/\(learningGoalId)"))
    }

    /// The badge catalogue.
    public func badgeCatalogue() async throws -> [BadgeDto] {
        try await call(APIRequest(.get, "/api/v1/badges"))
    }

    /// Makes a family badge (Premium; Basic gets `APIError.server` with code `upgrade_required`).
    public func createBadge(_ input: CreateCustomBadgeDto) async throws -> BadgeDto {
        try await call(APIRequest(.post, "/api/v1/badges", json: input))
    }

    /// Retires a family badge by its `badgeKey`; children who earned it keep it.
    public func retireBadge(_ badgeKey: String) async throws {
        try await callWithoutAnswer(APIRequest(.delete, "/api/v1/badges/\(badgeKey)"))
    }

    /// A child's badges, earned and not, with progress.
    public func badges(of childId: UUID) async throws -> [BadgeDto] {
        try await call(APIRequest(.get, "/api/v1/children/\(childId)/badges"))
    }

    /// This week against last, six months, streaks.
    public func learningSummary(of childId: UUID) async throws -> LearningSummaryDto {
        try await call(APIRequest(.get, "/api/v1/children/\(childId)/learning-summary"))
    }

    /// The family's plan and what it unlocks.
    public func plan() async throws -> PlanDto {
        try await call(APIRequest(.get, "/api/v1/families/current/plan"))
    }
}

/// Which learning goals a list shows.
public enum LearningGoalFilter: String, Sendable, CaseIterable {
    /// NotStarted and InProgress.
    case active
    /// Completed and Failed.
    case history
    case all
}
