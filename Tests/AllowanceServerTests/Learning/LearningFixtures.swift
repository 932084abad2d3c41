import AllowanceAPI
import Foundation
import Testing
import Vapor

@testable import AllowanceServer

let duolingo = "com.duolingo.DuolingoMobile"
let youtubeKids = "com.google.ios.youtubekids"

extension TestClient {
    /// Records a session of `minutes` ending `endingAgo` seconds before the clock's now.
    @discardableResult
    func learn(
        _ minutes: Int, on bundle: String = duolingo, for child: TestChild, token: String, start: Date? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> LearningSessionDto {
        let begin = start ?? now.value.addingTimeInterval(-Double(minutes * 60))
        return try await call(
            .POST, "/api/v1/learning-sessions", token: token,
            json: CreateLearningSessionDto(
                childId: child.id, bundleIdentifier: bundle, startTime: begin, endTime: begin.addingTimeInterval(Double(minutes * 60))),
            sourceLocation: sourceLocation)
    }

    func points(of child: TestChild, token: String) async throws -> PointsDto {
        try await call(.GET, "/api/v1/children/\(child.id)/points", token: token)
    }

    func learningGoal(
        for child: TestChild, in family: TestFamily, title: String = "Read 1 hour", type: LearningGoalType = .timeBased, target: Double = 1,
        frequency: LearningGoalFrequency = .weekly, bundle: String? = nil
    ) async throws -> LearningGoalDto {
        try await call(
            .POST, "/api/v1/learning-goals", token: family.parent.token,
            json: CreateLearningGoalDto(
                childId: child.id, title: title, type: type, targetValue: target, bundleIdentifier: bundle, frequency: frequency))
    }

    /// The operator's `plan` command: Premium for a month from the clock's now.
    func makePremium(_ family: TestFamily) async throws {
        try await PlanService.set(
            premiumUntil: now.value.addingTimeInterval(30 * 86_400), forFamily: family.parent.familyId, in: app.context())
    }

    func badges(of child: TestChild, token: String) async throws -> [BadgeDto] {
        try await call(.GET, "/api/v1/children/\(child.id)/badges", token: token)
    }
}
