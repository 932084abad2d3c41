import Vapor

/// The terms of use and the privacy notice: plain pages anyone can read, signed in or not
/// (registration links to them), and the version the settings page shows.
struct LegalPages: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(SiteURL.terms.pathComponents, use: terms)
        routes.get(SiteURL.privacy.pathComponents, use: privacy)
    }

    struct Page: Encodable {
        let version: String
        let updated: String
    }

    /// When the texts last changed in a way that matters to a family.
    static let updated = "November 23, 2026"

    @Sendable func terms(req: Request) async throws -> Response {
        try await req.render("terms", "Terms of Use", section: "terms", Page(version: AppVersion.current, updated: Self.updated))
    }

    @Sendable func privacy(req: Request) async throws -> Response {
        try await req.render("privacy", "Privacy", section: "privacy", Page(version: AppVersion.current, updated: Self.updated))
    }
}

/// The one place the app's version is written: settings show it, `/openapi.json` publishes it.
enum AppVersion {
    static let current = "1.0.0"
}
