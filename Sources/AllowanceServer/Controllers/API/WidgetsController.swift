import AllowanceAPI
import Vapor

/// quick-actions.md "Widget Data" and "Siri Shortcuts". A goal is seen by a parent of its
/// family or the child it belongs to (a sibling gets "not found", as with every goal endpoint).
struct WidgetsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let widgets = routes.grouped("widgets")
        widgets.get("balance", ":childId", use: balance)
        widgets.get("quick-actions", ":childId", use: quickActions)
        widgets.get("family-balances", use: familyBalances)
        widgets.get("goal", ":goalId", use: goal)
        routes.get("siri", "balance", ":childId", use: siriBalance)
        routes.get("siri", "goal-progress", ":goalId", use: siriGoalProgress)
    }

    @Sendable func balance(req: Request) async throws -> BalanceWidgetDataDto {
        try await WidgetService.balance(try await req.visibleChild(try req.uuidParameter("childId")), on: req)
    }

    @Sendable func quickActions(req: Request) async throws -> QuickActionsWidgetDataDto {
        let child = try await req.visibleChild(try req.uuidParameter("childId"))
        return try await WidgetService.quickActions(child, for: try req.requireUser(), on: req)
    }

    @Sendable func familyBalances(req: Request) async throws -> MultiChildWidgetDataDto {
        try await WidgetService.familyBalances(try req.requireParent(), on: req)
    }

    @Sendable func siriBalance(req: Request) async throws -> SiriBalanceResponseDto {
        let child = try await req.visibleChild(try req.uuidParameter("childId"))
        return try await WidgetService.siriBalance(child, for: try req.requireUser(), on: req)
    }

    @Sendable func goal(req: Request) async throws -> GoalWidgetDataDto {
        try await WidgetService.goal(try await req.visibleGoal(try req.uuidParameter("goalId")), on: req)
    }

    @Sendable func siriGoalProgress(req: Request) async throws -> SiriGoalProgressResponseDto {
        try await WidgetService.siriGoalProgress(try await req.visibleGoal(try req.uuidParameter("goalId")), on: req)
    }
}
