import AllowanceAPI
import Vapor

/// Pausing and resuming a child's weekly allowance (parents).
struct AllowanceController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let allowance = routes.grouped("children", ":childId", "allowance")
        allowance.post("pause", use: pause)
        allowance.post("resume", use: resume)
    }

    @Sendable func pause(req: Request) async throws -> ChildResponse {
        let child = try await req.childForParent(try req.uuidParameter("childId")).child
        return try await AllowancePauseService.pause(child, on: req)
    }

    @Sendable func resume(req: Request) async throws -> ChildResponse {
        let child = try await req.childForParent(try req.uuidParameter("childId")).child
        return try await AllowancePauseService.resume(child, on: req)
    }
}
