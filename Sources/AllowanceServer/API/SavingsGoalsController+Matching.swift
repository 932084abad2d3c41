import AllowanceAPI
import Vapor

extension SavingsGoalsController {
    /// Parent only.
    @Sendable static func createMatching(req: Request) async throws -> Response {
        let access = try await req.goalForParent(try req.uuidParameter("goalId"))
        return try await MatchingRuleService.create(access, try req.decodeJSON(CreateMatchingRuleDto.self), in: req.context)
            .encodeResponse(status: .created, for: req)
    }

    /// Family member.
    @Sendable static func matching(req: Request) async throws -> MatchingRuleDto {
        try await MatchingRuleService.show(try await req.visibleGoal(try req.uuidParameter("goalId")), in: req.context)
    }

    /// Parent only.
    @Sendable static func updateMatching(req: Request) async throws -> MatchingRuleDto {
        let access = try await req.goalForParent(try req.uuidParameter("goalId"))
        return try await MatchingRuleService.update(access, try req.decodeJSON(UpdateMatchingRuleDto.self), in: req.context)
    }

    /// Parent only.
    @Sendable static func deleteMatching(req: Request) async throws -> HTTPStatus {
        try await MatchingRuleService.delete(try await req.goalForParent(try req.uuidParameter("goalId")), in: req.context)
        return .noContent
    }
}
