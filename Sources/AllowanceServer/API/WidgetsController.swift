import AllowanceAPI
import Vapor

/// The Quick Actions document, "Widget Data" and "Siri Shortcuts". A goal is seen by a parent of its
/// family or the child it belongs to (a sibling gets "not found", as with every goal endpoint).
enum WidgetsController {
    /// This controller's part of the API: `APIEndpoints.all` registers it and `/openapi.json` publishes it.
    static var endpoints: [APIEndpoint] {
        [
            .init(
                .GET, "/api/v1/widgets/balance/{childId}", "Balance widget data", access: .signedIn, response: BalanceWidgetDataDto.self,
                use: balance),
            .init(
                .GET, "/api/v1/widgets/quick-actions/{childId}", "Quick-actions widget data", access: .signedIn,
                response: QuickActionsWidgetDataDto.self, use: quickActions),
            .init(
                .GET, "/api/v1/widgets/config", "The signed-in user's widget configurations", access: .signedIn,
                response: WidgetConfigurationListDto.self, use: configurations),
            .init(
                .PUT, "/api/v1/widgets/config",
                "Set up one of the signed-in user's widgets (type, size, configuration object); replaces that type and size's",
                access: .signedIn, request: UpdateWidgetConfigDto.self, response: WidgetConfigurationDto.self,
                refusals: [.unprocessableEntity],
                use: configure),
            .init(
                .GET, "/api/v1/widgets/family-balances", "Every child's balance", access: .parent, response: MultiChildWidgetDataDto.self,
                use: familyBalances),
            .init(
                .GET, "/api/v1/siri/balance/{childId}", "A balance as a spoken reply", access: .signedIn,
                response: SiriBalanceResponseDto.self, use: siriBalance),
            .init(
                .GET, "/api/v1/widgets/goal/{goalId}", "A goal's progress for a home-screen widget", access: .parentOrOwnChild,
                response: GoalWidgetDataDto.self, use: goal),
            .init(
                .GET, "/api/v1/siri/goal-progress/{goalId}", "A goal's progress as a spoken reply", access: .parentOrOwnChild,
                response: SiriGoalProgressResponseDto.self, use: siriGoalProgress),
            .init(
                .GET, "/api/v1/siri/goal-progress",
                "A goal's progress as a spoken reply, the goal named as said (any case or accents) among open goals", access: .signedIn,
                response: SiriGoalLookupResponseDto.self, query: [.requiredText("name"), .text("child")], refusals: [.notFound],
                use: siriGoalProgressByName),
        ]
    }

    @Sendable static func balance(req: Request) async throws -> BalanceWidgetDataDto {
        try await WidgetService.balance(try await req.visibleChild(try req.uuidParameter("childId")), in: req.context)
    }

    @Sendable static func quickActions(req: Request) async throws -> QuickActionsWidgetDataDto {
        let child = try await req.visibleChild(try req.uuidParameter("childId"))
        return try await WidgetService.quickActions(child, for: try req.requireUser(), in: req.context)
    }

    @Sendable static func configurations(req: Request) async throws -> WidgetConfigurationListDto {
        try await WidgetConfigService.list(for: try req.requireUser(), on: req.sql)
    }

    /// The child and goal a configuration names must be ones the user may see (404 otherwise).
    @Sendable static func configure(req: Request) async throws -> WidgetConfigurationDto {
        let user = try req.requireUser()
        let checked = try WidgetConfigService.check(try req.decodeJSON(UpdateWidgetConfigDto.self))
        if let childID = checked.childID { _ = try await req.visibleChild(childID) }
        if let goalID = checked.goalID { _ = try await req.visibleGoal(goalID) }
        return try await WidgetConfigService.save(checked, for: user, in: req.context)
    }

    @Sendable static func familyBalances(req: Request) async throws -> MultiChildWidgetDataDto {
        try await WidgetService.familyBalances(try req.requireParent(), in: req.context)
    }

    @Sendable static func siriBalance(req: Request) async throws -> SiriBalanceResponseDto {
        let child = try await req.visibleChild(try req.uuidParameter("childId"))
        return try await WidgetService.siriBalance(child, for: try req.requireUser(), in: req.context)
    }

    @Sendable static func goal(req: Request) async throws -> GoalWidgetDataDto {
        try await WidgetService.goal(try await req.visibleGoal(try req.uuidParameter("goalId")), in: req.context)
    }

    /// `?name=Lego`, and for a parent optionally `&child=Kai` (a first name or an id); a child
    /// searches their own goals and may only name themself.
    @Sendable static func siriGoalProgressByName(req: Request) async throws -> SiriGoalLookupResponseDto {
        guard let name = try req.query.text("name") else {
            throw AppError.validation("name is required: the goal as it is said, such as ?name=Lego")
        }
        let children = try await req.visibleChildren(named: try req.query.text("child"))
        return try await GoalLookup.siriProgress(named: name, children: children, user: try req.requireUser(), in: req.context)
    }

    @Sendable static func siriGoalProgress(req: Request) async throws -> SiriGoalProgressResponseDto {
        try await WidgetService.siriGoalProgress(try await req.visibleGoal(try req.uuidParameter("goalId")), in: req.context)
    }
}
