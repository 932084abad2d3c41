import AllowanceAPI
import Foundation
import Vapor

/// One `/api/v1` endpoint, declared once beside its handler: where it is, who may call it,
/// what it takes and answers. The same declaration registers the route (with its sign-in and
/// `Idempotency-Key` handling) and writes its part of `/openapi.json`.
struct APIEndpoint: Sendable {
    enum Access: String, Sendable {
        case anyone = "Anyone"
        case signedIn = "Any signed-in user (a child sees only their own money)"
        case parent = "Parent of this family"
        case child = "The signed-in child"
        case creator = "The parent who created it"
        case parentOrOwnChild = "A parent of this family, or the child it belongs to"
    }

    let method: HTTPMethod
    /// OpenAPI form: `/api/v1/children/{childId}`.
    let path: String
    let summary: String
    let access: Access
    let request: (any APISample.Type)?
    let response: (any APISample.Type)?
    let status: Int
    let queryParameters: [QueryParameter]
    /// The refusals this operation can answer beyond those its shape implies (`/openapi.json`
    /// adds 400 for input, 401 and 403 for access, 404 for a path's record by itself): a 409
    /// conflict, a 422 rule, a 402 upgrade, a 429 wait.
    let refusals: [HTTPResponseStatus]
    /// Money-moving: a retry with the same `Idempotency-Key` gets the first answer.
    let idempotent: Bool
    /// Set for an answer that is not JSON (the ledger's CSV export): its media type.
    var mediaType: String?
    /// A read of the child its path names whose answer is the same for everyone who may see
    /// that child (its family's parents and the child): one kept answer serves them all
    /// (`CachedReadMiddleware.keptPerChild`). Set only where the handler reads nothing of the
    /// request but its path and query, and nothing of the asker beyond `visibleChild`'s check.
    let sameForEveryViewer: Bool
    let handler: @Sendable (Request) async throws -> Response

    init<Answer: AsyncResponseEncodable>(
        _ method: HTTPMethod, _ path: String, _ summary: String, access: Access, request: (any APISample.Type)? = nil,
        response: (any APISample.Type)?, status: Int = 200, query: [QueryParameter] = [], refusals: [HTTPResponseStatus] = [],
        idempotent: Bool = false, sameForEveryViewer: Bool = false, use handler: @escaping @Sendable (Request) async throws -> Answer
    ) {
        self.method = method
        self.path = path
        self.summary = summary
        self.access = access
        self.request = request
        self.response = response
        self.status = status
        self.queryParameters = query
        self.refusals = refusals
        self.idempotent = idempotent
        self.sameForEveryViewer = sameForEveryViewer
        self.handler = { req in try await handler(req).encodeResponse(for: req) }
    }

    /// Vapor's form of the path: `{childId}` becomes the parameter `childId`.
    var pathComponents: [PathComponent] {
        path.split(separator: "/").map { part in
            part.hasPrefix("{") ? .parameter(String(part.dropFirst().dropLast())) : .constant(String(part))
        }
    }
}

/// Every endpoint of the API, controller by controller.
enum APIEndpoints {
    static var all: [APIEndpoint] {
        AuthController.endpoints + FamilyController.endpoints + ChildrenController.endpoints + TransactionsController.endpoints
            + DashboardController.endpoints + NotificationsController.endpoints + AllowanceController.endpoints
            + RecurringTransactionsController.endpoints + TemplatesController.endpoints + WidgetsController.endpoints
            + SavingsGoalsController.endpoints + LearningController.endpoints
    }

    /// Registers each endpoint: bearer sessions on all, sign-in required unless open to
    /// anyone, idempotency on the money-moving ones, kept answers for signed-in JSON reads.
    static func register(on app: Application) {
        for endpoint in all {
            var middleware: [any AsyncMiddleware] = [BearerSessionAuthenticator()]
            if endpoint.access != .anyone { middleware.append(RequireUser()) }
            if endpoint.access != .anyone, endpoint.method == .GET, endpoint.mediaType == nil {
                middleware.append(CachedReadMiddleware(keptPerChild: endpoint.sameForEveryViewer))
            }
            if endpoint.idempotent { middleware.append(IdempotencyMiddleware()) }
            app.inline(middleware).on(endpoint.method, endpoint.pathComponents, use: endpoint.handler)
        }
    }
}
