import AllowanceAPI
import Vapor

enum ChildrenController {
    /// This controller's part of the API: `APIEndpoints.all` registers it and `/openapi.json` publishes it.
    static var endpoints: [APIEndpoint] {
        [
            .init(
                .GET, "/api/v1/children", "The family's children", access: .signedIn, response: [ChildResponse].self,
                use: FamilyController.children),
            .init(.GET, "/api/v1/children/{childId}", "One child", access: .signedIn, response: ChildResponse.self, use: show),
            .init(
                .GET, "/api/v1/children/{childId}/balance", "A child's balance", access: .signedIn, response: ChildBalanceResponse.self,
                use: balance),
            .init(
                .PUT, "/api/v1/children/{childId}", "Change names, weekly allowance or allowance day", access: .parent,
                request: UpdateChildRequest.self, response: ChildResponse.self, use: update),
            .init(
                .DELETE, "/api/v1/children/{childId}", "Remove a child with their login and ledger", access: .parent, response: nil,
                status: 204, use: delete),
            .init(
                .GET, "/api/v1/children/{childId}/transactions", "A child's ledger, newest first", access: .signedIn,
                response: TransactionListResponse.self, query: LedgerFilter.queryParameters(paged: true),
                refusals: [.unprocessableEntity], use: TransactionsController.list),
        ]
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
        return try await ChildService.update(child, with: try req.content.decode(UpdateChildRequest.self), in: req.context)
    }

    @Sendable static func delete(req: Request) async throws -> HTTPStatus {
        let child = try await req.childForParent(try req.uuidParameter("childId")).child
        try await ChildService.delete(child, in: req.context)
        return .noContent
    }
}
