import AllowanceAPI
import Vapor

enum FamilyController {
    /// This controller's part of the API: `APIEndpoints.all` registers it and `/openapi.json` publishes it.
    static var endpoints: [APIEndpoint] {
        [
            .init(
                .GET, "/api/v1/families/current", "The signed-in user's family", access: .signedIn, response: FamilyResponse.self,
                use: current),
            .init(
                .GET, "/api/v1/families/current/children", "The family's children", access: .signedIn, response: [ChildResponse].self,
                use: children),
        ]
    }

    @Sendable static func current(req: Request) async throws -> FamilyResponse {
        let user = try req.requireUser()
        guard let family = try await FamilyDirectory.family(user.familyID, on: req.db.sql) else { throw AppError.notFound("Family") }
        let count = try await FamilyDirectory.children(ofFamily: user.familyID, on: req.db.sql).count
        return FamilyResponse(
            id: family.id, name: family.name, timeZone: family.time_zone, childCount: count, createdAt: family.created_at ?? .distantPast)
    }

    /// A parent sees every child; a child sees only themselves.
    @Sendable static func children(req: Request) async throws -> [ChildResponse] {
        let user = try req.requireUser()
        let now = req.now
        return try await FamilyDirectory.children(ofFamily: user.familyID, on: req.db.sql)
            .filter { user.isParent || $0.id == user.childID }
            .map { $0.response(now: now) }
    }
}
