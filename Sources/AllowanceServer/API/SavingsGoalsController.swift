import AllowanceAPI
import Vapor

/// The Savings Goals document's endpoints. Authorization per the document's lines: "Parent" and
/// "Parent only" are `goalForParent`; "Family member", "Parent or self" and "Parent or
/// goal owner" are `visibleGoal` (a parent of the family, or the goal's own child).
enum SavingsGoalsController {
    /// This controller's part of the API: `APIEndpoints.all` registers it and `/openapi.json` publishes it.
    static var endpoints: [APIEndpoint] {
        [
            .init(
                .POST, "/api/v1/savings-goals", "Create a savings goal (a parent names childId; a child's goal is their own)",
                access: .parentOrOwnChild, request: CreateSavingsGoalDto.self, response: SavingsGoalDto.self, status: 201,
                refusals: [.notFound, .unprocessableEntity], use: create),
            .init(
                .GET, "/api/v1/savings-goals/{goalId}", "One goal with milestones, matching, challenge and projection",
                access: .parentOrOwnChild, response: SavingsGoalDto.self, use: show),
            .init(
                .GET, "/api/v1/children/{childId}/savings-goals", "A child's goals by priority (Active and Paused unless asked)",
                access: .parentOrOwnChild, response: [SavingsGoalDto].self,
                query: [.numbered("status", GoalStatus.self), .boolean("includeCompleted")], sameForEveryViewer: true,
                use: childGoals),
            .init(
                .PUT, "/api/v1/savings-goals/{goalId}", "Change a goal (send only what changes)", access: .parentOrOwnChild,
                request: UpdateSavingsGoalDto.self, response: SavingsGoalDto.self, refusals: [.conflict, .unprocessableEntity], use: update),
            .init(
                .DELETE, "/api/v1/savings-goals/{goalId}", "Cancel a goal: everything in it returns to the balance", access: .parent,
                response: nil, status: 204, refusals: [.conflict], use: cancel),
            .init(
                .POST, "/api/v1/savings-goals/{goalId}/pause", "Pause a goal (no contributions or auto-transfers)", access: .parent,
                response: SavingsGoalDto.self, refusals: [.conflict], use: pause),
            .init(
                .POST, "/api/v1/savings-goals/{goalId}/resume", "Resume a paused goal", access: .parent, response: SavingsGoalDto.self,
                refusals: [.conflict], use: resume),
            .init(
                .POST, "/api/v1/savings-goals/{goalId}/contribute",
                "Move money from the balance into the goal (matched, milestones, challenge)", access: .parentOrOwnChild,
                request: ContributeToGoalDto.self, response: GoalProgressEventDto.self, idempotent: true, use: contribute),
            .init(
                .POST, "/api/v1/savings-goals/{goalId}/withdraw", "Move money from the goal back to the balance", access: .parent,
                request: WithdrawFromGoalDto.self, response: ContributionDto.self, idempotent: true, use: withdraw),
            .init(
                .POST, "/api/v1/savings-goals/{goalId}/gift",
                "A parent's (type 4) or a relative's (type 7, giverName) gift straight into the goal, not through the balance",
                access: .parent, request: GiftToGoalDto.self, response: GoalProgressEventDto.self, idempotent: true, use: gift),
            .init(
                .GET, "/api/v1/savings-goals/{goalId}/contributions", "The goal's history, newest first", access: .parentOrOwnChild,
                response: [ContributionDto].self, query: ContributionFilter.queryParameters, refusals: [.unprocessableEntity],
                use: contributions),
            .init(
                .POST, "/api/v1/savings-goals/{goalId}/purchase", "Mark a completed goal purchased (records the spend)", access: .parent,
                request: MarkGoalPurchasedDto.self, response: SavingsGoalDto.self, idempotent: true, use: purchase),
            .init(
                .POST, "/api/v1/savings-goals/{goalId}/matching", "Create the goal's matching rule (one per goal)", access: .parent,
                request: CreateMatchingRuleDto.self, response: MatchingRuleDto.self, status: 201,
                refusals: [.conflict, .unprocessableEntity], use: createMatching),
            .init(
                .GET, "/api/v1/savings-goals/{goalId}/matching", "The goal's matching rule", access: .parentOrOwnChild,
                response: MatchingRuleDto.self, use: matching),
            .init(
                .PUT, "/api/v1/savings-goals/{goalId}/matching", "Change the matching rule (send only what changes)", access: .parent,
                request: UpdateMatchingRuleDto.self, response: MatchingRuleDto.self, refusals: [.conflict, .unprocessableEntity],
                use: updateMatching),
            .init(
                .DELETE, "/api/v1/savings-goals/{goalId}/matching", "Remove the matching rule", access: .parent, response: nil, status: 204,
                use: deleteMatching),
            .init(
                .POST, "/api/v1/savings-goals/{goalId}/challenge", "Start a time-bound challenge (one running per goal)", access: .parent,
                request: CreateGoalChallengeDto.self, response: GoalChallengeDto.self, status: 201,
                refusals: [.conflict, .unprocessableEntity], use: createChallenge),
            .init(
                .GET, "/api/v1/savings-goals/{goalId}/challenge", "The goal's running challenge", access: .parentOrOwnChild,
                response: GoalChallengeDto.self, use: challenge),
            .init(
                .DELETE, "/api/v1/savings-goals/{goalId}/challenge", "Cancel the running challenge", access: .parent, response: nil,
                status: 204, use: cancelChallenge),
            .init(
                .GET, "/api/v1/children/{childId}/challenges", "Every challenge on a child's goals, newest first",
                access: .parentOrOwnChild, response: [GoalChallengeDto].self, sameForEveryViewer: true,
                use: childChallenges),
        ]
    }

    /// Parent or child: a parent names the child, a child's goal is their own.
    @Sendable static func create(req: Request) async throws -> Response {
        let user = try req.requireUser()
        let input = try req.decodeJSON(CreateSavingsGoalDto.self)
        guard let childID = input.childId ?? user.childID else {
            throw AppError.unprocessable("childId is required: name the child the goal is for")
        }
        let child = try await req.visibleChild(childID)
        return try await SavingsGoalService.create(input, for: child, by: user, in: req.context).encodeResponse(status: .created, for: req)
    }

    @Sendable static func show(req: Request) async throws -> SavingsGoalDto {
        try await SavingsGoalService.show(try await req.visibleGoal(try req.uuidParameter("goalId")), in: req.context)
    }

    /// `GET /children/{childId}/savings-goals?status=&includeCompleted=`
    @Sendable static func childGoals(req: Request) async throws -> [SavingsGoalDto] {
        let child = try await req.visibleChild(try req.uuidParameter("childId"))
        let status = try req.query.numbered(GoalStatus.self, "status")
        let includeCompleted = try req.query.bool("includeCompleted") ?? false
        return try await SavingsGoalService.list(child: child, status: status, includeCompleted: includeCompleted, in: req.context)
    }

    @Sendable static func update(req: Request) async throws -> SavingsGoalDto {
        let access = try await req.visibleGoal(try req.uuidParameter("goalId"))
        return try await SavingsGoalService.update(access, with: try req.decodeJSON(UpdateSavingsGoalDto.self), in: req.context)
    }

    @Sendable static func cancel(req: Request) async throws -> HTTPStatus {
        try await GoalMoneyService.cancel(try await req.goalForParent(try req.uuidParameter("goalId")), in: req.context)
        return .noContent
    }

    @Sendable static func pause(req: Request) async throws -> SavingsGoalDto {
        try await SavingsGoalService.pause(try await req.goalForParent(try req.uuidParameter("goalId")), in: req.context)
    }

    @Sendable static func resume(req: Request) async throws -> SavingsGoalDto {
        try await SavingsGoalService.resume(try await req.goalForParent(try req.uuidParameter("goalId")), in: req.context)
    }
}
