import Vapor

/// The page a person sees when something cannot be done: what happened and a way on.
enum ErrorPage {
    struct Context: Encodable {
        let heading: String
        let message: String
        let status: Int
    }

    static func render(status: HTTPResponseStatus, message: String, on req: Request) async throws -> Response {
        let heading: String
        switch status {
        case .notFound: heading = "We couldn't find that page"
        case .forbidden: heading = "That isn't available to you"
        case .badRequest, .unprocessableEntity: heading = "That didn't work"
        case .tooManyRequests: heading = "Please wait a moment"
        default: heading = status.code >= 500 ? "Something went wrong" : "That didn't work"
        }
        let shown = status == .notFound && message == "Not Found" ? "The link may be old, or the page was moved or deleted." : message
        return try await req.render("error", heading, Context(heading: heading, message: shown, status: Int(status.code)), status: status)
    }
}
