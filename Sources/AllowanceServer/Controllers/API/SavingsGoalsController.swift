import AllowanceAPI
import Vapor

/// savings-goals.md's endpoints. Authorization per the document's lines: "Parent" and
/// "Parent only" are `goalForParent`; "Family member", "Parent or self" and "Parent or
/// goal owner" are `visibleGoal` (a parent of the family, or the goal's own child).
struct SavingsGoalsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let goals = routes.grouped("savings-goals")
        goals.post(use: create)
        goals.get(":goalId", use: show)
        goals.put(":goalId", use: update)
        goals.delete(":goalId", use: cancel)
        goals.post(":goalId", "pause", use: pause)
        goals.post(":goalId", "resume", use: resume)
        let money = goals.grouped(IdempotencyMiddleware())
        money.post(":goalId", "contribute", use: contribute)
        money.post(":goalId", "withdraw", use: withdraw)
        money.post(":goalId", "purchase", use: purchase)
        goals.get(":goalId", "contributions", use: contributions)
        goals.post(":goalId", "matching", use: createMatching)
        goals.get(":goalId", "matching", use: matching)
        goals.put(":goalId", "matching", use: updateMatching)
        goals.delete(":goalId", "matching", use: deleteMatching)
        goals.post(":goalId", "challenge", use: createChallenge)
        goals.get(":goalId", "challenge", use: challenge)
        goals.delete(":goalId", "challenge", use: cancelChallenge)
        let children = routes.grouped("children")
        children.get(":childId", "savings-goals", use: childGoals)
        children.get(":childId", "challenges", use: childChallenges)
    }

    /// Parent or child: a parent names the child, a child's goal is their own.
    @Sendable func create(req: Request) async throws -> Response {
        let user = try req.requireUser()
        let input = try req.content.decode(CreateSavingsGoalDto.self)
        return try await SavingsGoalService.create(input, by: user, on: req).encodeResponse(status: .created, for: req)
    }

    @Sendable func show(req: Request) async throws -> SavingsGoalDto {
        try await SavingsGoalService.show(try await req.visibleGoal(try req.uuidParameter("goalId")), on: req)
    }

    /// `GET /children/{childId}/savings-goals?status=&includeCompleted=`
    @Sendable func childGoals(req: Request) async throws -> [SavingsGoalDto] {
        let child = try await req.visibleChild(try req.uuidParameter("childId"))
        let status = try req.enumQuery(GoalStatus.self, "status")
        let includeCompleted = try req.boolQuery("includeCompleted") ?? false
        return try await SavingsGoalService.list(child: child, status: status, includeCompleted: includeCompleted, on: req)
    }

    @Sendable func update(req: Request) async throws -> SavingsGoalDto {
        let access = try await req.visibleGoal(try req.uuidParameter("goalId"))
        return try await SavingsGoalService.update(access, with: try req.content.decode(UpdateSavingsGoalDto.self), on: req)
    }

    @Sendable func cancel(req: Request) async throws -> HTTPStatus {
        try await GoalMoneyService.cancel(try await req.goalForParent(try req.uuidParameter("goalId")), on: req)
        return .noContent
    }

    @Sendable func pause(req: Request) async throws -> SavingsGoalDto {
        try await SavingsGoalService.pause(try await req.goalForParent(try req.uuidParameter("goalId")), on: req)
    }

    @Sendable func resume(req: Request) async throws -> SavingsGoalDto {
        try await SavingsGoalService.resume(try await req.goalForParent(try req.uuidParameter("goalId")), on: req)
    }
}

extension Request {
    /// An optional numbered-enum query parameter: its number or its name; 400 otherwise.
    func enumQuery<E: NumberedEnum>(_ type: E.Type, _ name: String) throws -> E? {
        guard let text = try? query.get(String.self, at: name), !text.isEmpty else { return nil }
        guard let value = E(queryValue: text) else { throw AppError.validation("\(name) must be one of \(E.choices)") }
        return value
    }

    func boolQuery(_ name: String) throws -> Bool? {
        guard let text = try? query.get(String.self, at: name), !text.isEmpty else { return nil }
        switch text.lowercased() {
        case "true", "1": return true
        case "false", "0": return false
        default: throw AppError.validation("\(name) must be true or false")
        }
    }
}
