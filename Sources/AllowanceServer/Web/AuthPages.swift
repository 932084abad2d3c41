import AllowanceAPI
import AllowanceCore
import Vapor

/// Sign in, sign up and sign out in the browser.
struct AuthPages: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(SiteURL.login.pathComponents, use: loginForm)
        routes.post(SiteURL.login.pathComponents, use: login)
        routes.get(SiteURL.register.pathComponents, use: registerForm)
        routes.post(SiteURL.register.pathComponents, use: register)
        routes.get(SiteURL.logout.pathComponents, use: logoutConfirm)
        routes.post(SiteURL.logout.pathComponents, use: logout)
    }

    @Sendable func loginForm(req: Request) async throws -> Response {
        if req.auth.has(AuthUser.self) { return req.redirect(to: SiteURL.dashboard.path) }
        return try await req.render("login", "Sign In", LoginPage(next: safeNext(req.query[String.self, at: "next"])))
    }

    @Sendable func login(req: Request) async throws -> Response {
        let form = try req.content.decode(LoginForm.self)
        var page = LoginPage(email: form.email ?? "", rememberMe: form.rememberMe != nil, next: safeNext(form.next))
        do {
            let remember = form.rememberMe != nil
            let auth = try await AccountService.login(
                LoginRequest(email: page.email, password: form.password ?? "", rememberMe: remember), in: req.context)
            let response = req.redirect(to: page.next.isEmpty ? SiteURL.dashboard.path : page.next)
            WebSession.setCookie(auth, remember: remember, on: response)
            return response
        } catch let error as AppError {
            page.error = error.message
            return try await req.render("login", "Sign In", page, status: error.status)
        }
    }

    static let commonZones = [
        "America/New_York", "America/Chicago", "America/Denver", "America/Phoenix", "America/Los_Angeles", "America/Anchorage",
        "Pacific/Honolulu", "America/Toronto", "America/Vancouver", "America/Mexico_City", "America/Sao_Paulo", "Europe/London",
        "Europe/Dublin", "Europe/Paris", "Europe/Berlin", "Europe/Madrid", "Europe/Rome", "Europe/Oslo", "Europe/Stockholm",
        "Africa/Johannesburg", "Africa/Lagos", "Asia/Dubai", "Asia/Kolkata", "Asia/Singapore", "Asia/Tokyo", "Australia/Sydney",
        "Pacific/Auckland", "UTC",
    ]

    private func registerPage(_ page: RegisterPage) -> RegisterPage {
        var page = page
        var zones = Self.commonZones
        if !zones.contains(page.timeZone), FamilyCalendar(identifier: page.timeZone) != nil { zones.insert(page.timeZone, at: 0) }
        page.zones = zones.map { .init(id: $0, selected: $0 == page.timeZone) }
        return page
    }

    @Sendable func registerForm(req: Request) async throws -> Response {
        if req.auth.has(AuthUser.self) { return req.redirect(to: SiteURL.dashboard.path) }
        return try await req.render("register", "Create Account", registerPage(RegisterPage()))
    }

    @Sendable func register(req: Request) async throws -> Response {
        let form = try req.content.decode(RegisterForm.self)
        var page = registerPage(
            RegisterPage(
                email: form.email ?? "", firstName: form.firstName ?? "", lastName: form.lastName ?? "", familyName: form.familyName ?? "",
                timeZone: form.timeZone ?? "UTC"))
        do {
            // The screen's checks in the screen's order (the App Screens document 1.2), then the service's.
            if let problem = AccountValidation.emailProblem(page.email) ?? AccountValidation.newPasswordProblem(form.password ?? "") {
                throw AppError.validation(problem)
            }
            guard form.password == form.confirmPassword else { throw AppError.validation("Passwords do not match") }
            let auth = try await AccountService.registerParent(
                RegisterParentRequest(
                    email: page.email, password: form.password ?? "", firstName: page.firstName, lastName: page.lastName,
                    familyName: page.familyName, timeZone: page.timeZone), from: req.clientAddress, in: req.context)
            let response = Flash.redirect(
                req, to: SiteURL.dashboard.path, message: "Welcome, \(auth.firstName)! Add your first child to get started.")
            WebSession.setCookie(auth, remember: false, on: response)
            return response
        } catch let error as AppError {
            page.error = error.message
            return try await req.render("register", "Create Account", page, status: error.status)
        }
    }

    @Sendable func logoutConfirm(req: Request) async throws -> Response {
        guard req.auth.has(AuthUser.self) else { return req.redirect(to: SiteURL.login.path) }
        return try await req.render("logout", "Sign Out", section: "settings", [String: String]())
    }

    @Sendable func logout(req: Request) async throws -> Response {
        if let user = req.auth.get(AuthUser.self) { try await AccountService.logout(user, in: req.context) }
        let response = Flash.redirect(req, to: SiteURL.login.path, message: "You have signed out.")
        WebSession.clearCookie(on: response)
        return response
    }

    /// Only paths on this site, so a crafted link cannot send someone elsewhere after sign-in.
    /// Control characters are refused too: a browser drops tabs and line breaks from a URL, so
    /// "/\t/evil.example" would take it to "//evil.example".
    private func safeNext(_ next: String?) -> String {
        guard let next = next?.removingPercentEncoding ?? next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.contains("\\"),
            !next.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            return ""
        }
        return next
    }
}
