import AllowanceAPI
import Vapor

extension SavingsGoalsController {
    /// Parent only.
    @Sendable static func createChallenge(req: Request) async throws -> Response {
        let access = try await req.goalForParent(try req.uuidParameter("goalId"))
        return try await GoalChallengeService.create(access, try req.decodeJSON(CreateGoalChallengeDto.self), in: req.context)
            .encodeResponse(status: .created, for: req)
    }

    /// Family member.
    @Sendable static func challenge(req: Request) async throws -> GoalChallengeDto {
        try await GoalChallengeService.active(try await req.visibleGoal(try req.uuidParameter("goalId")), in: req.context)
    }

    /// Parent only.
    @Sendable static func cancelChallenge(req: Request) async throws -> HTTPStatus {
        try await GoalChallengeService.cancel(try await req.goalForParent(try req.uuidParameter("goalId")), in: req.context)
        return .noContent
    }

    /// Parent or self.
    @Sendable static func childChallenges(req: Request) async throws -> [GoalChallengeDto] {
        let child = try await req.visibleChild(try req.uuidParameter("childId"))
        return try await GoalChallengeService.list(child: child, in: req.context)
    }
}
