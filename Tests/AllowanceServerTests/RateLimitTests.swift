import AllowanceAPI
import Foundation
import SQLKit
import Testing
import Vapor
import VaporTesting

@testable import AllowanceServer

/// Registration and password changes are held back like sign-ins, and a body too large for
/// any form or API call is refused before it is read.
@Suite(.serialized) struct RateLimitTests {
    func registration(_ tag: String) -> RegisterParentRequest {
        RegisterParentRequest(
            email: "limit-\(tag)@example.com", password: "secret1", firstName: "Pat", lastName: "Parent", familyName: "Limits")
    }

    @Test func registrationsFromOneAddressAreLimitedPerHour() async throws {
        try await withApp(registrationsPerHour: 3) { client in
            // The tests share PostgreSQL; only this test counts registrations, so it starts from none.
            try await client.app.db.sql.raw("DELETE FROM rate_limit_hits WHERE bucket LIKE 'registration:%'").run()
            let tag = UUID().uuidString.prefix(8).lowercased()
            for index in 0..<3 {
                let accepted = try await client.send(.POST, "/api/v1/auth/register/parent", json: registration("\(tag)-\(index)"))
                #expect(accepted.status == .created)
            }
            let refused = try await client.send(.POST, "/api/v1/auth/register/parent", json: registration("\(tag)-3"))
            #expect(refused.status == .tooManyRequests)
            #expect(refused.error?.code == "too_many_attempts")
            #expect(refused.error?.message == "Too many new accounts from this network. Try again in 60 minutes.")
            #expect(refused.headers.first(name: "Retry-After") == "3600")
            // The refused attempt created nothing: that email is still free once the hour is over.
            let form = try await client.send(.GET, "/register")
            let csrf = try #require(form.headers.setCookie?[CSRFMiddleware.cookieName]?.string)
            let web = try await client.app.testing().sendRequest(
                .POST, "/register",
                headers: ["Content-Type": "application/x-www-form-urlencoded", "Cookie": "\(CSRFMiddleware.cookieName)=\(csrf)"],
                body: ByteBuffer(
                    string: "_csrf=\(csrf)&email=limit-\(tag)-3%40example.com&password=secret1&confirmPassword=secret1"
                        + "&firstName=Pat&lastName=Parent&familyName=Limits&timeZone=UTC"))
            #expect(web.status == .tooManyRequests)
            #expect(web.body.string.contains("Too many new accounts from this network"))
            client.now.value = testStart.addingTimeInterval(3_601)
            let later = try await client.send(.POST, "/api/v1/auth/register/parent", json: registration("\(tag)-3"))
            #expect(later.status == .created)
        }
    }

    @Test func wrongCurrentPasswordsAreHeldBackLikeSignIns() async throws {
        try await withApp { client in
            let family = try await client.family()
            let token = family.parent.token
            for attempt in 0..<5 {
                let wrong = try await client.send(
                    .POST, "/api/v1/auth/change-password", token: token,
                    json: ChangePasswordRequest(currentPassword: "guess-\(attempt)", newPassword: "newsecret1"))
                #expect(wrong.status == .unprocessableEntity && wrong.error?.code == "wrong_password")
            }
            let held = try await client.send(
                .POST, "/api/v1/auth/change-password", token: token,
                json: ChangePasswordRequest(currentPassword: "secret1", newPassword: "newsecret1"))
            #expect(held.status == .tooManyRequests)
            #expect(held.error?.message.hasPrefix("Too many wrong current passwords. Try again in 15 minutes") == true)
            #expect(held.headers.first(name: "Retry-After") == "900")
            // Nothing changed: the old password still signs in.
            let email = "parent-\(family.tag)@example.com"
            let signIn = try await client.send(.POST, "/api/v1/auth/login", json: LoginRequest(email: email, password: "secret1"))
            #expect(signIn.status == .ok)
            client.now.value = testStart.addingTimeInterval(15 * 60 + 1)
            let changed = try await client.send(
                .POST, "/api/v1/auth/change-password", token: token,
                json: ChangePasswordRequest(currentPassword: "secret1", newPassword: "newsecret1"))
            #expect(changed.status == .ok)
        }
    }

    @Test func aBodyLargerThan16KilobytesIsRefusedWith413() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 1_000))])
            let kai = family.children[0]
            let huge = String(repeating: "a", count: 64 * 1024)
            let body = #"{"childId":"\#(kai.id)","amount":5,"type":0,"description":"\#(huge)"}"#
            var headers = HTTPHeaders()
            headers.bearerAuthorization = BearerAuthorization(token: family.parent.token)
            headers.contentType = .json
            // Over a real socket: the limit applies while the body streams in, which the
            // in-memory tester skips.
            let response = try await client.app.testing(method: .running(port: 0))
                .sendRequest(.POST, "/api/v1/transactions", headers: headers, body: ByteBuffer(string: body))
            #expect(response.status == .payloadTooLarge)
            #expect(response.error?.code == "payload_too_large")
            #expect(response.error?.message == "The request body is too large")
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 1_000))
        }
    }
}
