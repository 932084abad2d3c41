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
        ]
    }

    @Sendable static func balance(req: Request) async throws -> BalanceWidgetDataDto {
        try await WidgetService.balance(try await req.visibleChild(try req.uuidParameter("childId")), in: req.context)
    }

    @Sendable static func quickActions(req: Request) async throws -> QuickActionsWidgetDataDto {
        let child = try await req.visibleChild(try req.uuidParameter("childId"))
        return try await WidgetService.quickActions(child, for: try req.requireUser(), in: req.context)
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

    @Sendable static func siriGoalProgress(req: Request) async throws -> SiriGoalProgressResponseDto {
        try await WidgetService.siriGoalProgress(try await req.visibleGoal(try req.uuidParameter("goalId")), in: req.context)
    }
}
