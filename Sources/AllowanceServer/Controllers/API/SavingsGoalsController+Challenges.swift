import AllowanceAPI
import Vapor

extension SavingsGoalsController {
    /// Parent only.
    @Sendable func createChallenge(req: Request) async throws -> Response {
        let access = try await req.goalForParent(try req.uuidParameter("goalId"))
        return try await GoalChallengeService.create(access, try req.content.decode(CreateGoalChallengeDto.self), on: req)
            .encodeResponse(status: .created, for: req)
    }

    /// Family member.
    @Sendable func challenge(req: Request) async throws -> GoalChallengeDto {
        try await GoalChallengeService.active(try await req.visibleGoal(try req.uuidParameter("goalId")), on: req)
    }

    /// Parent only.
    @Sendable func cancelChallenge(req: Request) async throws -> HTTPStatus {
        try await GoalChallengeService.cancel(try await req.goalForParent(try req.uuidParameter("goalId")), on: req)
        return .noContent
    }

    /// Parent or self.
    @Sendable func childChallenges(req: Request) async throws -> [GoalChallengeDto] {
        let child = try await req.visibleChild(try req.uuidParameter("childId"))
        return try await GoalChallengeService.list(child: child, on: req)
    }
}
