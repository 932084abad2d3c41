import AllowanceAPI
import Vapor

struct ChildrenController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let children = routes.grouped("children")
        children.get(use: FamilyController().children)
        children.get(":childId", use: show)
        children.get(":childId", "balance", use: balance)
        children.put(":childId", use: update)
        children.delete(":childId", use: delete)
        children.get(":childId", "transactions", use: TransactionsController().list)
    }

    @Sendable func show(req: Request) async throws -> ChildResponse {
        try await req.visibleChild(try req.uuidParameter("childId")).response(now: req.now)
    }

    @Sendable func balance(req: Request) async throws -> ChildBalanceResponse {
        let child = try await req.visibleChild(try req.uuidParameter("childId"))
        return ChildBalanceResponse(childId: child.id, currentBalance: child.balance)
    }

    @Sendable func update(req: Request) async throws -> ChildResponse {
        let child = try await req.childForParent(try req.uuidParameter("childId")).child
        return try await ChildService.update(child, with: try req.content.decode(UpdateChildRequest.self), on: req)
    }

    @Sendable func delete(req: Request) async throws -> HTTPStatus {
        let child = try await req.childForParent(try req.uuidParameter("childId")).child
        try await ChildService.delete(child, on: req)
        return .noContent
    }
}
