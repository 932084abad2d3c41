import AllowanceAPI
import Vapor

extension SavingsGoalsController {
    /// Parent only.
    @Sendable func createMatching(req: Request) async throws -> Response {
        let access = try await req.goalForParent(try req.uuidParameter("goalId"))
        return try await MatchingRuleService.create(access, try req.content.decode(CreateMatchingRuleDto.self), on: req)
            .encodeResponse(status: .created, for: req)
    }

    /// Family member.
    @Sendable func matching(req: Request) async throws -> MatchingRuleDto {
        try await MatchingRuleService.show(try await req.visibleGoal(try req.uuidParameter("goalId")), on: req)
    }

    /// Parent only.
    @Sendable func updateMatching(req: Request) async throws -> MatchingRuleDto {
        let access = try await req.goalForParent(try req.uuidParameter("goalId"))
        return try await MatchingRuleService.update(access, try req.content.decode(UpdateMatchingRuleDto.self), on: req)
    }

    /// Parent only.
    @Sendable func deleteMatching(req: Request) async throws -> HTTPStatus {
        try await MatchingRuleService.delete(try await req.goalForParent(try req.uuidParameter("goalId")), on: req)
        return .noContent
    }
}
