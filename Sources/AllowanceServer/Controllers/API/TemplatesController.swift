import AllowanceAPI
import Vapor

/// quick-actions.md "Transaction Templates".
struct TemplatesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let templates = routes.grouped("templates")
        templates.get(use: list)
        templates.post(use: create)
        templates.put(":templateId", use: update)
        templates.delete(":templateId", use: delete)
        templates.grouped(IdempotencyMiddleware()).post(":templateId", "use", use: use)
    }

    @Sendable func list(req: Request) async throws -> [TransactionTemplateDto] {
        try await TemplateService.list(for: try req.requireUser(), on: req)
    }

    @Sendable func create(req: Request) async throws -> Response {
        let parent = try req.requireParent()
        let input = try req.content.decode(CreateTransactionTemplateDto.self)
        return try await TemplateService.create(input, by: parent, on: req).encodeResponse(status: .created, for: req)
    }

    @Sendable func update(req: Request) async throws -> TransactionTemplateDto {
        let user = try req.requireUser()
        let id = try req.uuidParameter("templateId")
        return try await TemplateService.update(id, with: try req.content.decode(UpdateTransactionTemplateDto.self), by: user, on: req)
    }

    @Sendable func delete(req: Request) async throws -> HTTPStatus {
        try await TemplateService.delete(try req.uuidParameter("templateId"), by: try req.requireUser(), on: req)
        return .noContent
    }

    @Sendable func use(req: Request) async throws -> Response {
        let user = try req.requireUser()
        let id = try req.uuidParameter("templateId")
        let input = try req.content.decode(UseTemplateDto.self)
        return try await TemplateUseService.use(id, input, by: user, on: req).encodeResponse(status: .created, for: req)
    }
}
