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
                .PUT, "/api/v1/families/current", "Rename the family or move it to another time zone (send only what changes)",
                access: .parent, request: UpdateFamilyRequest.self, response: FamilyResponse.self, use: update),
            .init(
                .GET, "/api/v1/families/current/children", "The family's children, as `{children: [...]}`", access: .signedIn,
                response: FamilyChildrenResponse.self,
                use: children),
        ]
    }

    @Sendable static func current(req: Request) async throws -> FamilyResponse {
        try await AccountService.family(try req.requireUser().familyID, on: req.sql)
    }

    @Sendable static func update(req: Request) async throws -> FamilyResponse {
        let parent = try req.requireParent()
        return try await AccountService.updateFamily(
            try req.decodeJSON(UpdateFamilyRequest.self), familyID: parent.familyID, in: req.context)
    }

    /// A parent sees every child; a child sees only themselves.
    @Sendable static func childList(req: Request) async throws -> [ChildResponse] {
        let user = try req.requireUser()
        let now = req.now
        return try await FamilyDirectory.children(ofFamily: user.familyID, on: req.sql)
            .filter { user.maySee(child: $0.id) }
            .map { $0.response(now: now) }
    }

    /// The same list wrapped as App Screens reads it (`response.children`).
    @Sendable static func children(req: Request) async throws -> FamilyChildrenResponse {
        FamilyChildrenResponse(children: try await childList(req: req))
    }
}
