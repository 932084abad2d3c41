import AllowanceAPI
import Vapor

/// Every failure a client can cause, with a code for programs and a message for people.
public struct AppError: AbortError, Sendable {
    public let status: HTTPResponseStatus
    public let code: ErrorCode
    public let message: String
    /// Seconds until trying again is worth it (429), sent as `Retry-After`.
    public let retryAfter: Int?

    public init(_ status: HTTPResponseStatus, _ code: ErrorCode, _ message: String, retryAfter: Int? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.retryAfter = retryAfter
    }

    public var reason: String { message }
    public var headers: HTTPHeaders { retryAfter.map { ["Retry-After": String($0)] } ?? [:] }

    /// A request that does not fit `/openapi.json` (a field's type, range, length or pattern).
    public static func validation(_ message: String) -> AppError { AppError(.badRequest, .validationFailed, message) }
    /// A request that fits `/openapi.json` but breaks a rule no schema can state: one that
    /// depends on another field, the time or stored data. 422, so that a 400 always means the
    /// request breaks the document and a client can tell the two apart.
    public static func unprocessable(_ message: String) -> AppError { AppError(.unprocessableEntity, .validationFailed, message) }
    public static func notFound(_ what: String) -> AppError { AppError(.notFound, .notFound, "\(what) was not found") }
    public static let unauthorized = AppError(.unauthorized, .unauthorized, "Please sign in")
    public static let forbidden = AppError(.forbidden, .forbidden, "You do not have access to this")
    public static let parentOnly = AppError.parentOnly(to: "do this")
    /// A request that waited its whole turn for a database connection: the server has more
    /// work than it can take just now.
    public static let busy = AppError(.serviceUnavailable, .serverBusy, "The server is busy; try again in a moment", retryAfter: 1)
}

/// Turns every error into `{"error": {"code", "message"}}` for the API, or an error page for
/// the web app. Anything that is not a client's fault is logged and answered 500 without internals.
struct AppErrorMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch {
            // Load is worth knowing about, though it is not a fault.
            if error is ConnectionPoolTimeoutError { request.logger.warning("Answered 503: no database connection came free in time") }
            let error = Self.answerable(error)
            let (status, body) = Self.describe(error, logger: request.logger)
            let response: Response
            if !Self.wantsJSON(request), let page = try? await ErrorPage.render(status: status, message: body.error.message, on: request) {
                response = page
            } else {
                response = Response(status: status)
                try response.content.encode(body, using: JSONEncoder.api)
            }
            if let abort = error as? AbortError {
                for (name, value) in abort.headers where name.lowercased() != "content-type" {
                    response.headers.replaceOrAdd(name: name, value: value)
                }
            }
            return response
        }
    }

    /// The API and machine endpoints answer JSON; everything else is a page for a person.
    static func wantsJSON(_ request: Request) -> Bool {
        let path = request.urlPath
        return path.hasPrefix("/api/") || path == "/openapi.json" || path == "/health" || path == "/metrics"
    }

    /// A wait for a pooled database connection that ran out (`postgresPoolTimeout`) is the
    /// server's load, not a fault: 503 with `Retry-After`, so a client tries again.
    static func answerable(_ error: any Error) -> any Error {
        error is ConnectionPoolTimeoutError ? AppError.busy : error
    }

    /// The status and body for `error`; the idempotency keys read it too, so a busy answer
    /// (`answerable`) leaves a key free there and is not logged as a fault.
    static func describe(_ error: Error, logger: Logger) -> (HTTPResponseStatus, ErrorResponse) {
        switch answerable(error) {
        case let error as AppError:
            return (error.status, ErrorResponse(code: error.code.rawValue, message: error.message))
        case let error as DecodingError:
            return (.badRequest, ErrorResponse(code: ErrorCode.invalidRequest.rawValue, message: error.personMessage))
        case let error as AbortError where error.isEmptyBody:
            // A missing body breaks the operation's required `requestBody`: malformed, like bad JSON.
            return (.badRequest, ErrorResponse(code: ErrorCode.invalidRequest.rawValue, message: error.personMessage))
        case let error as AbortError:
            let code = error.status.reasonPhrase.lowercased().replacingOccurrences(of: " ", with: "_")
            return (error.status, ErrorResponse(code: code, message: error.personMessage))
        default:
            logger.report(error: error)
            return (
                .internalServerError, ErrorResponse(code: ErrorCode.internalError.rawValue, message: "Something went wrong on our side")
            )
        }
    }
}

extension AbortError {
    /// Vapor's bare 422 comes from decoding an empty body.
    fileprivate var isEmptyBody: Bool { status == .unprocessableEntity && reason == status.reasonPhrase }

    /// Vapor wraps body decoding failures in an Abort whose reason is a Swift dump;
    /// say what was wrong in words instead.
    fileprivate var personMessage: String {
        if status == .unsupportedMediaType { return "Send the body as JSON (Content-Type: application/json)" }
        if status == .payloadTooLarge { return "The request body is too large" }
        if isEmptyBody { return "The request body is empty; send a JSON object" }
        if reason.contains("DecodingError") || reason.contains("Value of type") || reason.contains("No such key")
            || reason.contains("corrupted")
        {
            return "The request body is not valid JSON for this endpoint: \(reason.prefix(200))"
        }
        return reason
    }
}

extension DecodingError {
    var personMessage: String {
        func field(_ path: [CodingKey]) -> String {
            let name = path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
            return name.isEmpty ? "the body" : name
        }
        switch self {
        case .keyNotFound(let key, let context):
            return "\(field(context.codingPath + [key])) is required"
        case .valueNotFound(_, let context):
            return "\(field(context.codingPath)) is required"
        case .typeMismatch(let type, let context):
            if context.codingPath.isEmpty { return "The request body must be a JSON object" }
            return "\(field(context.codingPath)) must be \(Self.describe(type))"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "The request body is not valid JSON" }
            return "\(field(context.codingPath)) \(context.debugDescription)"
        @unknown default:
            return "The request body could not be read"
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "text"
        case is Bool.Type: "true or false"
        case is Int.Type, is Double.Type, is Decimal.Type: "a number"
        default: "a valid value"
        }
    }
}
