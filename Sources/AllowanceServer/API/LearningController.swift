import AllowanceAPI
import AllowanceCore
import Vapor

/// The learning API of the product README: apps, sessions, points, goals, badges, summaries
/// and the family's plan. Authorization: a parent acts for the family's children; a child
/// reports and reads their own learning.
enum LearningController {
    /// This controller's part of the API: `APIEndpoints.all` registers it and `/openapi.json` publishes it.
    static var endpoints: [APIEndpoint] {
        [
            .init(
                .GET, "/api/v1/app-categories", "The family's apps and what they earn", access: .signedIn, response: [AppCategoryDto].self,
                use: apps),
            .init(
                .POST, "/api/v1/app-categories", "Add an app (Learning earns points per hour, Reward none)", access: .parent,
                request: CreateAppCategoryDto.self, response: AppCategoryDto.self, status: 201,
                refusals: [.conflict, .unprocessableEntity], use: createApp),
            .init(
                .PUT, "/api/v1/app-categories/{appCategoryId}", "Change an app (send only what changes)", access: .parent,
                request: UpdateAppCategoryDto.self, response: AppCategoryDto.self, refusals: [.unprocessableEntity], use: updateApp),
            .init(
                .DELETE, "/api/v1/app-categories/{appCategoryId}", "Remove an app (recorded sessions keep what they earned)",
                access: .parent,
                response: nil, status: 204, use: deleteApp),
            .init(
                .POST, "/api/v1/learning-sessions", "Record a learning session: points, goals and badges follow", access: .parentOrOwnChild,
                request: CreateLearningSessionDto.self, response: LearningSessionDto.self, status: 201,
                refusals: [.notFound, .conflict, .unprocessableEntity], use: recordSession),
            .init(
                .GET, "/api/v1/children/{childId}/learning-sessions", "A child's sessions, newest first", access: .parentOrOwnChild,
                response: [LearningSessionDto].self, query: [.date("from"), .date("to"), .integer("limit", 1...500)],
                sameForEveryViewer: true, use: sessions),
            .init(
                .GET, "/api/v1/children/{childId}/points", "A child's points: balance, total earned, entries newest first",
                access: .parentOrOwnChild, response: PointsDto.self, query: [.integer("limit", 1...500)],
                sameForEveryViewer: true, use: points),
            .init(
                .POST, "/api/v1/children/{childId}/points/redeem", "Spend points (and get money at the family's rate, when set)",
                access: .parentOrOwnChild, request: PointsChangeDto.self, response: RedemptionDto.self, idempotent: true, use: redeem),
            .init(
                .POST, "/api/v1/children/{childId}/points/adjust", "Correct a child's points either way", access: .parent,
                request: PointsChangeDto.self, response: PointsEntryDto.self, refusals: [.unprocessableEntity], use: adjust),
            .init(
                .GET, "/api/v1/families/current/learning-settings", "Points per dollar and the streak reminder's time", access: .signedIn,
                response: LearningSettingsDto.self, use: settings),
            .init(
                .PUT, "/api/v1/families/current/learning-settings",
                "Change points per dollar (0: points are not money) or the streak reminder's time (send only what changes)",
                access: .parent,
                request: LearningSettingsDto.self, response: LearningSettingsDto.self, refusals: [.paymentRequired], use: updateSettings),
            .init(
                .POST, "/api/v1/learning-goals", "Create a learning goal (Basic: 3 active per child)", access: .parent,
                request: CreateLearningGoalDto.self, response: LearningGoalDto.self, status: 201,
                refusals: [.notFound, .paymentRequired, .unprocessableEntity], use: createGoal),
            .init(
                .GET, "/api/v1/children/{childId}/learning-goals", "A child's learning goals (status=active, history or all)",
                access: .parentOrOwnChild, response: [LearningGoalDto].self, query: [.choice("status", ["active", "history", "all"])],
                sameForEveryViewer: true, use: goals),
            .init(
                .GET, "/api/v1/learning-goals/{learningGoalId}", "One learning goal with its progress", access: .parentOrOwnChild,
                response: LearningGoalDto.self, use: goal),
            .init(
                .PUT, "/api/v1/learning-goals/{learningGoalId}", "Change a learning goal (send only what changes)", access: .parent,
                request: UpdateLearningGoalDto.self, response: LearningGoalDto.self, refusals: [.unprocessableEntity], use: updateGoal),
            .init(
                .DELETE, "/api/v1/learning-goals/{learningGoalId}", "Remove a learning goal", access: .parent, response: nil, status: 204,
                use: deleteGoal),
            .init(
                .GET, "/api/v1/badges", "The badges the family's children can earn: the catalogue, then the family's own",
                access: .signedIn, response: [BadgeDto].self, use: catalogue),
            .init(
                .POST, "/api/v1/badges", "Make a family badge (Premium): earned like the catalogue's", access: .parent,
                request: CreateCustomBadgeDto.self, response: BadgeDto.self, status: 201,
                refusals: [.paymentRequired, .unprocessableEntity], use: createBadge),
            .init(
                .DELETE, "/api/v1/badges/{badgeKey}", "Retire a family badge (children who earned it keep it)", access: .parent,
                response: nil, status: 204, refusals: [.unprocessableEntity], use: retireBadge),
            .init(
                .GET, "/api/v1/children/{childId}/badges", "A child's badges, earned and not, with progress", access: .parentOrOwnChild,
                response: [BadgeDto].self, sameForEveryViewer: true, use: badges),
            .init(
                .GET, "/api/v1/children/{childId}/learning-summary", "This week against last, six months, streaks",
                access: .parentOrOwnChild, response: LearningSummaryDto.self, sameForEveryViewer: true, use: summary),
            .init(
                .GET, "/api/v1/families/current/plan", "The family's plan and what it unlocks", access: .signedIn, response: PlanDto.self,
                use: plan),
        ]
    }

    @Sendable static func apps(req: Request) async throws -> [AppCategoryDto] {
        try await AppCategoryService.list(familyID: try req.requireUser().familyID, on: req.database)
    }

    @Sendable static func createApp(req: Request) async throws -> Response {
        let parent = try req.requireParent()
        let input = try req.decodeJSON(CreateAppCategoryDto.self)
        return try await AppCategoryService.create(input, by: parent, in: req.context).encodeResponse(status: .created, for: req)
    }

    @Sendable static func updateApp(req: Request) async throws -> AppCategoryDto {
        let app = try await req.appCategoryForParent(try req.uuidParameter("appCategoryId"))
        return try await AppCategoryService.update(app, with: try req.decodeJSON(UpdateAppCategoryDto.self), in: req.context)
    }

    @Sendable static func deleteApp(req: Request) async throws -> HTTPStatus {
        try await AppCategoryService.delete(try await req.appCategoryForParent(try req.uuidParameter("appCategoryId")), in: req.context)
        return .noContent
    }

    @Sendable static func recordSession(req: Request) async throws -> Response {
        let input = try req.decodeJSON(CreateLearningSessionDto.self)
        let child = try await req.visibleChild(input.childId)
        return try await LearningSessionService.record(input, for: child, by: try req.requireUser().userID, in: req.context)
            .encodeResponse(status: .created, for: req)
    }

    @Sendable static func sessions(req: Request) async throws -> [LearningSessionDto] {
        let child = try await req.visibleChild(try req.uuidParameter("childId"))
        return try await LearningSessionService.list(
            childID: child.id, from: try req.query.date("from", endOfRange: false, in: child.calendar),
            to: try req.query.date("to", endOfRange: true, in: child.calendar), limit: try req.query.int("limit", in: 1...500) ?? 100,
            on: req.sql)
    }

    @Sendable static func points(req: Request) async throws -> PointsDto {
        let child = try await req.visibleChild(try req.uuidParameter("childId"))
        return try await PointsLedger.statement(of: child.id, limit: try req.query.int("limit", in: 1...500) ?? 50, on: req.sql)
    }

    @Sendable static func redeem(req: Request) async throws -> RedemptionDto {
        let child = try await req.visibleChild(try req.uuidParameter("childId"))
        return try await PointsService.redeem(
            try req.decodeJSON(PointsChangeDto.self), for: child, by: try req.requireUser(), in: req.context)
    }

    @Sendable static func adjust(req: Request) async throws -> PointsEntryDto {
        let (parent, child) = try await req.childForParent(try req.uuidParameter("childId"))
        return try await PointsService.adjust(try req.decodeJSON(PointsChangeDto.self), for: child, by: parent, in: req.context)
    }

    @Sendable static func settings(req: Request) async throws -> LearningSettingsDto {
        try await LearningSettings.read(familyID: try req.requireUser().familyID, on: req.sql)
    }

    @Sendable static func updateSettings(req: Request) async throws -> LearningSettingsDto {
        let parent = try req.requireParent()
        return try await LearningSettings.update(
            try req.decodeJSON(LearningSettingsDto.self), familyID: parent.familyID, in: req.context)
    }

    @Sendable static func createGoal(req: Request) async throws -> Response {
        let input = try req.decodeJSON(CreateLearningGoalDto.self)
        let child = try await req.visibleChild(input.childId)
        return try await LearningGoalService.create(input, for: child, by: try req.requireUser(), in: req.context)
            .encodeResponse(status: .created, for: req)
    }

    @Sendable static func goals(req: Request) async throws -> [LearningGoalDto] {
        let child = try await req.visibleChild(try req.uuidParameter("childId"))
        let status = try req.query.text("status")?.lowercased() ?? "active"
        guard ["active", "history", "all"].contains(status) else { throw AppError.validation("status must be active, history or all") }
        return try await LearningGoalService.list(for: child, status: status, in: req.context)
    }

    @Sendable static func goal(req: Request) async throws -> LearningGoalDto {
        let (goal, child) = try await req.visibleLearningGoal(try req.uuidParameter("learningGoalId"))
        return try await LearningGoalService.dto(goal, child: child, in: req.context)
    }

    @Sendable static func updateGoal(req: Request) async throws -> LearningGoalDto {
        let (goal, child) = try await req.visibleLearningGoal(try req.uuidParameter("learningGoalId"))
        let parent = try req.requireParent()
        return try await LearningGoalService.update(
            goal, child: child, with: try req.decodeJSON(UpdateLearningGoalDto.self), by: parent, in: req.context)
    }

    @Sendable static func deleteGoal(req: Request) async throws -> HTTPStatus {
        let (goal, _) = try await req.visibleLearningGoal(try req.uuidParameter("learningGoalId"))
        _ = try req.requireParent()
        try await LearningGoalService.delete(goal, in: req.context)
        return .noContent
    }

    @Sendable static func catalogue(req: Request) async throws -> [BadgeDto] {
        try await BadgeStore.catalogue(forFamily: try req.requireUser().familyID, on: req.sql)
    }

    @Sendable static func createBadge(req: Request) async throws -> Response {
        let parent = try req.requireParent()
        let input = try req.decodeJSON(CreateCustomBadgeDto.self)
        return try await CustomBadgeStore.create(input, by: parent, in: req.context).encodeResponse(status: .created, for: req)
    }

    @Sendable static func retireBadge(req: Request) async throws -> HTTPStatus {
        let parent = try req.requireParent()
        try await CustomBadgeStore.retire(key: req.parameters.get("badgeKey") ?? "", by: parent, in: req.context)
        return .noContent
    }

    @Sendable static func badges(req: Request) async throws -> [BadgeDto] {
        try await BadgeStore.list(for: try await req.visibleChild(try req.uuidParameter("childId")), in: req.context)
    }

    @Sendable static func summary(req: Request) async throws -> LearningSummaryDto {
        try await LearningSummaryService.summary(of: try await req.visibleChild(try req.uuidParameter("childId")), in: req.context)
    }

    @Sendable static func plan(req: Request) async throws -> PlanDto {
        try await PlanService.dto(ofFamily: try req.requireUser().familyID, in: req.context)
    }
}
