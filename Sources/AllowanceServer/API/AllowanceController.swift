import AllowanceAPI
import Vapor

/// Pausing and resuming a child's weekly allowance (parents).
enum AllowanceController {
    /// This controller's part of the API: `APIEndpoints.all` registers it and `/openapi.json` publishes it.
    static var endpoints: [APIEndpoint] {
        [
            .init(
                .POST, "/api/v1/children/{childId}/allowance/pause", "Pause a child's allowance: paydays are skipped until resumed",
                access: .parent, response: ChildResponse.self, use: pause),
            .init(
                .POST, "/api/v1/children/{childId}/allowance/resume", "Resume a child's allowance from the next payday", access: .parent,
                response: ChildResponse.self, use: resume),
        ]
    }

    @Sendable static func pause(req: Request) async throws -> ChildResponse {
        let child = try await req.childForParent(try req.uuidParameter("childId")).child
        return try await AllowancePauseService.pause(child, in: req.context)
    }

    @Sendable static func resume(req: Request) async throws -> ChildResponse {
        let child = try await req.childForParent(try req.uuidParameter("childId")).child
        return try await AllowancePauseService.resume(child, in: req.context)
    }
}
