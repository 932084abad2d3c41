import AllowanceAPI
import Vapor

enum ChildrenController {
    /// This controller's part of the API: `APIEndpoints.all` registers it and `/openapi.json` publishes it.
    static var endpoints: [APIEndpoint] {
        [
            .init(
                .GET, "/api/v1/children", "The family's children", access: .signedIn, response: [ChildResponse].self,
                use: FamilyController.childList),
            .init(
                .POST, "/api/v1/children", "Add a child by name only, without a login (weekly allowance, day, initial balance optional)",
                access: .parent, request: CreateChildDto.self, response: ChildResponse.self, status: 201, idempotent: true, use: create),
            .init(
                .GET, "/api/v1/children/{childId}", "One child", access: .signedIn, response: ChildResponse.self,
                sameForEveryViewer: true, use: show),
            .init(
                .POST, "/api/v1/children/{childId}/login", "Give a child without a login an email and password", access: .parent,
                request: ChildLoginDto.self, response: ChildResponse.self, refusals: [.conflict], use: giveLogin),
            .init(
                .GET, "/api/v1/children/{childId}/balance", "A child's balance", access: .signedIn, response: ChildBalanceResponse.self,
                sameForEveryViewer: true, use: balance),
            .init(
                .PUT, "/api/v1/children/{childId}", "Change names, weekly allowance or allowance day", access: .parent,
                request: UpdateChildRequest.self, response: ChildResponse.self, use: update),
            .init(
                .PUT, "/api/v1/children/{childId}/settings",
                "The same as PUT /api/v1/children/{childId}, under the wider API family's path",
                access: .parent, request: UpdateChildRequest.self, response: ChildResponse.self, use: update),
            .init(
                .DELETE, "/api/v1/children/{childId}", "Remove a child with their login and ledger", access: .parent, response: nil,
                status: 204, use: delete),
            .init(
                .GET, "/api/v1/children/{childId}/transactions", "A child's ledger, newest first", access: .signedIn,
                response: TransactionListResponse.self, query: LedgerFilter.queryParameters(paged: true),
                refusals: [.unprocessableEntity], sameForEveryViewer: true, use: TransactionsController.list),
        ]
    }

    @Sendable static func create(req: Request) async throws -> Response {
        let parent = try req.requireParent()
        let child = try await AccountService.createChild(try req.decodeJSON(CreateChildDto.self), by: parent, in: req.context)
        return try await child.encodeResponse(status: .created, for: req)
    }

    @Sendable static func giveLogin(req: Request) async throws -> ChildResponse {
        let child = try await req.childForParent(try req.uuidParameter("childId")).child
        return try await AccountService.giveLogin(try req.decodeJSON(ChildLoginDto.self), to: child, in: req.context)
    }

    @Sendable static func show(req: Request) async throws -> ChildResponse {
        try await req.visibleChild(try req.uuidParameter("childId")).response(now: req.now)
    }

    @Sendable static func balance(req: Request) async throws -> ChildBalanceResponse {
        let child = try await req.visibleChild(try req.uuidParameter("childId"))
        return ChildBalanceResponse(childId: child.id, currentBalance: child.balance)
    }

    @Sendable static func update(req: Request) async throws -> ChildResponse {
        let child = try await req.childForParent(try req.uuidParameter("childId")).child
        return try await ChildService.update(child, with: try req.decodeJSON(UpdateChildRequest.self), in: req.context)
    }

    @Sendable static func delete(req: Request) async throws -> HTTPStatus {
        let child = try await req.childForParent(try req.uuidParameter("childId")).child
        try await ChildService.delete(child, in: req.context)
        return .noContent
    }
}
