import AllowanceAPI
import Vapor

struct FamilyController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let families = routes.grouped("families", "current")
        families.get(use: current)
        families.get("children", use: children)
    }

    @Sendable func current(req: Request) async throws -> FamilyResponse {
        let user = try req.requireUser()
        guard let family = try await FamilyDirectory.family(user.familyID, on: req.db()) else { throw AppError.notFound("Family") }
        let count = try await FamilyDirectory.children(ofFamily: user.familyID, on: req.db()).count
        return FamilyResponse(id: family.id, name: family.name, timeZone: family.time_zone, childCount: count, createdAt: family.created_at ?? .distantPast)
    }

    /// A parent sees every child; a child sees only themselves.
    @Sendable func children(req: Request) async throws -> [ChildResponse] {
        let user = try req.requireUser()
        let now = req.now
        return try await FamilyDirectory.children(ofFamily: user.familyID, on: req.db())
            .filter { user.isParent || $0.id == user.childID }
            .map { $0.response(now: now) }
    }
}
