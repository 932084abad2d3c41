import AllowanceAPI
import Vapor

struct DashboardController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let dashboard = routes.grouped("dashboard")
        dashboard.get("parent", use: parent)
        dashboard.get("child", use: child)
    }

    @Sendable func parent(req: Request) async throws -> ParentDashboardResponse {
        try await DashboardService.parent(try req.requireParent(), on: req)
    }

    @Sendable func child(req: Request) async throws -> Response {
        let body = try await DashboardService.childJSON(try req.requireUser(), on: req)
        var headers = HTTPHeaders()
        headers.contentType = .json
        return Response(status: .ok, headers: headers, body: .init(buffer: body))
    }
}
