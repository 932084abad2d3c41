import AllowanceAPI
import Vapor

enum DashboardController {
    /// This controller's part of the API: `APIEndpoints.all` registers it and `/openapi.json` publishes it.
    static var endpoints: [APIEndpoint] {
        [
            .init(
                .GET, "/api/v1/dashboard/parent", "The family at a glance", access: .parent, response: ParentDashboardResponse.self,
                use: parent),
            .init(
                .GET, "/api/v1/dashboard/child", "The signed-in child's dashboard", access: .child, response: ChildDashboard.self,
                use: child),
        ]
    }

    @Sendable static func parent(req: Request) async throws -> ParentDashboardResponse {
        try await DashboardService.parent(try req.requireParent(), in: req.context)
    }

    @Sendable static func child(req: Request) async throws -> ChildDashboard {
        try await DashboardService.child(try await req.signedInChild(), in: req.context)
    }
}
