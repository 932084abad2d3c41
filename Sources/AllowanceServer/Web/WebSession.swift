import AllowanceAPI
import Vapor

/// The browser's sign-in: the same session (and token) as the API, carried in an HttpOnly
/// cookie instead of an Authorization header.
enum WebSession {
    static let cookieName = "at_session"

    static func setCookie(_ auth: AuthResponse, remember: Bool, on response: Response) {
        response.cookies[cookieName] = HTTPCookies.Value(
            string: auth.token, expires: remember ? auth.expiresAt : nil, path: "/", isHTTPOnly: true, sameSite: .lax)
    }

    static func clearCookie(on response: Response) {
        response.cookies[cookieName] = HTTPCookies.Value(
            string: "", expires: Date(timeIntervalSince1970: 0), maxAge: 0, path: "/", isHTTPOnly: true, sameSite: .lax)
    }
}

/// Resolves the session cookie to the signed-in user, if any.
struct WebSessionAuthenticator: AsyncRequestAuthenticator {
    func authenticate(request: Request) async throws {
        guard let token = request.sentCookies[WebSession.cookieName]?.string, !token.isEmpty,
            let user = try await SessionStore.user(forToken: token, request: request)
        else { return }
        request.auth.login(user)
    }
}

/// Pages for signed-in people: anyone else is sent to the sign-in page and brought back after.
struct RequireWebUser: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard request.auth.has(AuthUser.self) else {
            let back = request.urlPathAndQuery
            let encoded = back.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/"
            return request.redirect(to: SiteURL.login.path + "?next=\(encoded)")
        }
        return try await next.respond(to: request)
    }
}

/// Cross-site request forgery protection for every form: a random token in a cookie that
/// each form repeats in a hidden `_csrf` field. Another site can make a browser send the
/// cookie, but cannot read it to fill in the field.
struct CSRFMiddleware: AsyncMiddleware {
    static let cookieName = "at_csrf"
    static let fieldName = "_csrf"
    private struct TokenKey: StorageKey { typealias Value = String }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let existing = request.sentCookies[Self.cookieName]?.string
        let token = existing.flatMap { $0.count == 64 ? $0 : nil } ?? Self.newToken()
        request.storage[TokenKey.self] = token
        if request.method == .POST {
            // The route collects its body only after the middleware; a form longer than what
            // arrived with the request's head (a CSV file) is collected here, up to the route's limit.
            if request.body.data == nil {
                let limit = request.route?.formBodyLimit ?? request.application.routes.defaultMaxBodySize.value
                _ = try await request.body.collect(max: limit).get()
            }
            let sent = try? request.content.get(String.self, at: Self.fieldName)
            guard let existing, let sent, Self.constantTimeEqual(sent, existing) else {
                throw AppError(.forbidden, .csrf, "This form has expired. Go back, reload the page and try again.")
            }
        }
        let response = try await next.respond(to: request)
        if existing != token {
            response.cookies[Self.cookieName] = HTTPCookies.Value(string: token, path: "/", isHTTPOnly: true, sameSite: .lax)
        }
        return response
    }

    static func token(for request: Request) -> String { request.storage[TokenKey.self] ?? "" }

    private static func newToken() -> String {
        (0..<32).map { _ in UInt8.random(in: 0...255) }.hex
    }

    private static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

extension Route {
    /// The most bytes a form posted to this route may hold, when more than the application's
    /// default: `CSRFMiddleware` collects the body before the route does, so it must know.
    var formBodyLimit: Int? {
        get { userInfo["formBodyLimit"] as? Int }
        set { userInfo["formBodyLimit"] = newValue }
    }
}
