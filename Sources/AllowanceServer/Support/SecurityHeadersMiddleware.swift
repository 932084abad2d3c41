import Vapor

/// The headers a family's money pages should carry on every response, errors included: no
/// script but the app's own file (no inline script, no eval), nothing may frame the pages,
/// no type sniffing, no full URLs leaked to other sites, nothing kept by the browser but the
/// assets; over TLS, HSTS and Secure cookies.
/// Inline `style` attributes stay allowed: progress bars set their width with one.
struct SecurityHeadersMiddleware: AsyncMiddleware {
    static let contentSecurityPolicy = [
        "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data:", "object-src 'none'",
        "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'",
    ].joined(separator: "; ")

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        let headers = [
            ("Content-Security-Policy", Self.contentSecurityPolicy), ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "same-origin"), ("X-Frame-Options", "DENY"),
        ]
        for (name, value) in headers { response.headers.replaceOrAdd(name: name, value: value) }
        // Pages and answers show a family's money: a browser that kept one showed it again on
        // Back after signing out, to the next person at a shared computer. Assets say how they
        // are kept (`AssetMiddleware`).
        if !response.headers.contains(name: .cacheControl) { response.headers.add(name: .cacheControl, value: "no-store") }
        if request.isOverTLS {
            response.headers.replaceOrAdd(name: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains")
            // Every cookie the app sets (session, form token, flash) travels over TLS only.
            for (name, var cookie) in response.cookies.all {
                cookie.isSecure = true
                response.cookies[name] = cookie
            }
        }
        return response
    }
}

extension Request {
    /// Served over TLS: by this server, or by a proxy in front of it that says so.
    var isOverTLS: Bool {
        application.http.server.configuration.tlsConfiguration != nil || headers.first(name: "X-Forwarded-Proto")?.lowercased() == "https"
    }
}
