import AllowanceAPI
import Vapor

/// The Quick Actions document, "Transaction Templates".
enum TemplatesController {
    /// This controller's part of the API: `APIEndpoints.all` registers it and `/openapi.json` publishes it.
    static var endpoints: [APIEndpoint] {
        [
            .init(
                .GET, "/api/v1/templates", "Global and family templates, in sort order", access: .signedIn,
                response: [TransactionTemplateDto].self, use: list),
            .init(
                .POST, "/api/v1/templates", "Create a family template", access: .parent, request: CreateTransactionTemplateDto.self,
                response: TransactionTemplateDto.self, status: 201, use: create),
            .init(
                .PUT, "/api/v1/templates/{templateId}", "Change a family template", access: .creator,
                request: UpdateTransactionTemplateDto.self, response: TransactionTemplateDto.self, use: update),
            .init(
                .DELETE, "/api/v1/templates/{templateId}", "Retire a family template", access: .creator, response: nil, status: 204,
                use: delete),
            .init(
                .POST, "/api/v1/templates/{templateId}/use", "Post a transaction from a template (a child: their own spending only)",
                access: .signedIn, request: UseTemplateDto.self, response: TransactionResponse.self, status: 201,
                refusals: [.forbidden, .notFound], idempotent: true, use: use
            ),
        ]
    }

    @Sendable static func list(req: Request) async throws -> [TransactionTemplateDto] {
        try await TemplateService.list(for: try req.requireUser(), withUsage: true, in: req.context)
    }

    @Sendable static func create(req: Request) async throws -> Response {
        let parent = try req.requireParent()
        let input = try req.decodeJSON(CreateTransactionTemplateDto.self)
        return try await TemplateService.create(input, by: parent, in: req.context).encodeResponse(status: .created, for: req)
    }

    @Sendable static func update(req: Request) async throws -> TransactionTemplateDto {
        let template = try await req.templateForCreator(try req.uuidParameter("templateId"))
        let input = try req.decodeJSON(UpdateTransactionTemplateDto.self)
        return try await TemplateService.update(template, with: input, by: try req.requireUser(), in: req.context)
    }

    @Sendable static func delete(req: Request) async throws -> HTTPStatus {
        try await TemplateService.delete(try await req.templateForCreator(try req.uuidParameter("templateId")), in: req.context)
        return .noContent
    }

    @Sendable static func use(req: Request) async throws -> Response {
        let id = try req.uuidParameter("templateId")
        let input = try req.decodeJSON(UseTemplateDto.self)
        let (user, template, child) = try await req.templateToUse(id, forChild: input.childId)
        return try await TemplateUseService.use(template, for: child, input, by: user, in: req.context).encodeResponse(
            status: .created, for: req)
    }
}
