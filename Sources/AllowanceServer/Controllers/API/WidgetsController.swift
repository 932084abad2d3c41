import AllowanceAPI
import Vapor

/// quick-actions.md "Widget Data" and "Siri Shortcuts". The goal widget and goal-progress
/// reply arrive with savings goals.
struct WidgetsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let widgets = routes.grouped("widgets")
        widgets.get("balance", ":childId", use: balance)
        widgets.get("quick-actions", ":childId", use: quickActions)
        widgets.get("family-balances", use: familyBalances)
        routes.get("siri", "balance", ":childId", use: siriBalance)
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
}
