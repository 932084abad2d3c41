import AllowanceAPI
import Foundation
import Testing
import Vapor
import VaporTesting

@testable import AllowanceServer

/// The headers every response carries, cookies over TLS, and a production server that will
/// not start with a key anyone could know.
@Suite struct SecurityTests {
    @Test func everyResponseCarriesTheSecurityHeadersErrorsToo() async throws {
        try await withApp { client in
            for path in ["/login", "/health", "/api/v1/children", "/no-such-page", "/css/app.css"] {
                let response = try await client.send(.GET, path)
                let csp = response.headers.first(name: "Content-Security-Policy") ?? ""
                #expect(csp.contains("script-src 'self'") && !csp.contains("unsafe-eval"), "\(path)")
                #expect(csp.contains("frame-ancestors 'none'"), "\(path)")
                #expect(!csp.contains("script-src 'self' 'unsafe-inline'"), "\(path)")
                #expect(response.headers.first(name: "X-Content-Type-Options") == "nosniff", "\(path)")
                #expect(response.headers.first(name: "Referrer-Policy") == "same-origin", "\(path)")
                // Plain HTTP (tests, development): no HSTS, which would lock a laptop out of it.
                #expect(response.headers.first(name: "Strict-Transport-Security") == nil, "\(path)")
                // Only the stylesheet may be kept by the browser (`AssetTests`).
                if path != "/css/app.css" { #expect(response.headers.first(name: .cacheControl) == "no-store", "\(path)") }
            }
        }
    }

    @Test func aFamilysPagesAndAnswersAreNeverKeptByTheBrowser() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", Money(cents: 100_00))])
            let kai = family.children[0]
            let cookie = "\(WebSession.cookieName)=\(family.parent.token)"
            // act
            let page = try await client.send(.GET, "/children/\(kai.id)", headers: [("Cookie", cookie)])
            let kept = try await client.send(.GET, "/children/\(kai.id)", headers: [("Cookie", cookie)])
            let ledger = try await client.send(.GET, "/api/v1/children/\(kai.id)/transactions", token: kai.token)
            // assert: the page (made, then kept by the server) and the child's ledger
            #expect(page.status == .ok && page.body.string.contains("$100.00"))
            for response in [page, kept, ledger] {
                #expect(response.status == .ok)
                #expect(response.headers.first(name: .cacheControl) == "no-store")
            }
        }
    }

    @Test func overTLSCookiesAreSecureAndHSTSIsSent() async throws {
        try await withApp { client in
            let plain = try await client.send(.GET, "/login")
            let plainCookies = plain.headers[.setCookie].joined(separator: "\n")
            #expect(plainCookies.contains("HttpOnly") && plainCookies.contains("SameSite=Lax") && !plainCookies.contains("Secure"))
            let proxied = try await client.send(.GET, "/login", headers: [("X-Forwarded-Proto", "https")])
            let cookies = proxied.headers[.setCookie]
            #expect(!cookies.isEmpty && cookies.allSatisfy { $0.contains("Secure") && $0.contains("HttpOnly") })
            #expect(proxied.headers.first(name: "Strict-Transport-Security")?.hasPrefix("max-age=31536000") == true)
        }
    }

    @Test func productionRefusesTheDevelopmentKeyAndShortKeys() async throws {
        for secret in [nil, "too-short-secret"] {
            let app = try await Application.make(.production)
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("allowance-prod-\(UUID().uuidString).sqlite").path
            let options = ServerOptions(database: .sqlite(path: path), seedDemoFamily: false, passwordCost: 4, jwtSecret: secret)
            await #expect(throws: ConfigurationError.self) { try await configure(app, options: options) }
            try await app.asyncShutdown()
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
    }
}
