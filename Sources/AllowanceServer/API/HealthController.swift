import AllowanceAPI
import Vapor

struct HealthController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("health", use: health)
    }

    /// 200 once the server has migrated and is listening.
    @Sendable func health(req: Request) async throws -> HealthResponse {
        HealthResponse(status: "ok")
    }
}
