import AllowanceAPI
import Foundation
import Testing

@testable import AllowanceServer

@Suite struct AuthTests {
    @Test func registerParentCreatesFamilyAndSignsIn() async throws {
        try await withApp { client in
            // act
            let family = try await client.family(name: "The Larsens", timeZone: "Europe/Oslo")
            // assert
            #expect(family.parent.role == .parent)
            #expect(family.parent.familyName == "The Larsens")
            let me: UserResponse = try await client.call(.GET, "/api/v1/auth/me", token: family.parent.token)
            #expect(me.email == family.parent.email)
            let current: FamilyResponse = try await client.call(.GET, "/api/v1/families/current", token: family.parent.token)
            #expect(current.timeZone == "Europe/Oslo")
            #expect(current.childCount == 0)
        }
    }

    @Test func registrationMessagesMatchTheScreens() async throws {
        try await withApp { client in
            let valid = RegisterParentRequest(
                email: "a-\(UUID().uuidString.prefix(8))@example.com", password: "secret1", firstName: "A", lastName: "B", familyName: "C")
            var cases: [(RegisterParentRequest, String)] = []
            var request = valid
            request.email = ""
            cases.append((request, "Email is required"))
            request.email = "not-an-email"
            cases.append((request, "Please enter a valid email address"))
            request = valid
            request.password = "12345"
            cases.append((request, "Password must be at least 6 characters"))
            request = valid
            request.firstName = "  "
            cases.append((request, "First name is required"))
            request = valid
            request.familyName = ""
            cases.append((request, "Family name is required"))
            request = valid
            request.timeZone = "Mars/Olympus"
            cases.append((request, "Time zone must be an IANA name such as America/New_York"))
            for (request, message) in cases {
                let response = try await client.send(.POST, "/api/v1/auth/register/parent", json: request)
                #expect(response.status == .badRequest)
                #expect(response.error?.message == message)
            }
            // Nothing was created: the valid request still succeeds.
            #expect(try await client.send(.POST, "/api/v1/auth/register/parent", json: valid).status == .created)
        }
    }

    @Test func duplicateEmailIsAConflictInAnyCase() async throws {
        try await withApp { client in
            let family = try await client.family()
            let response = try await client.send(
                .POST, "/api/v1/auth/register/parent",
                json: RegisterParentRequest(
                    email: family.parent.email.uppercased(), password: "secret1", firstName: "A", lastName: "B", familyName: "C"))
            #expect(response.status == .conflict)
            #expect(response.error?.code == "email_taken")
        }
    }

    @Test func loginRememberMeLastsLonger() async throws {
        try await withApp { client in
            let family = try await client.family()
            let short: AuthResponse = try await client.call(
                .POST, "/api/v1/auth/login", json: LoginRequest(email: family.parent.email, password: "secret1"))
            let long: AuthResponse = try await client.call(
                .POST, "/api/v1/auth/login", json: LoginRequest(email: family.parent.email, password: "secret1", rememberMe: true))
            #expect(short.expiresAt.timeIntervalSince(testStart) <= 24 * 3600)
            #expect(long.expiresAt.timeIntervalSince(testStart) >= 29 * 24 * 3600)
        }
    }

    @Test func wrongPasswordIsRefusedWithoutSayingWhichPart() async throws {
        try await withApp { client in
            let family = try await client.family()
            let wrong = try await client.send(
                .POST, "/api/v1/auth/login", json: LoginRequest(email: family.parent.email, password: "nope123"))
            let unknown = try await client.send(
                .POST, "/api/v1/auth/login", json: LoginRequest(email: "nobody@example.com", password: "nope123"))
            #expect(wrong.status == .unauthorized)
            #expect(unknown.status == .unauthorized)
            #expect(wrong.error?.message == "Invalid email or password")
            #expect(unknown.error?.message == wrong.error?.message)
            let empty = try await client.send(.POST, "/api/v1/auth/login", json: LoginRequest(email: "", password: "x"))
            #expect(empty.error?.message == "Email is required")
        }
    }

    @Test func repeatedFailedLoginsAreThrottled() async throws {
        try await withApp { client in
            let family = try await client.family()
            for _ in 0..<5 {
                let response = try await client.send(
                    .POST, "/api/v1/auth/login", json: LoginRequest(email: family.parent.email, password: "wrong-one"))
                #expect(response.status == .unauthorized)
            }
            // Even the right password waits now.
            let blocked = try await client.send(
                .POST, "/api/v1/auth/login", json: LoginRequest(email: family.parent.email, password: "secret1"))
            #expect(blocked.status == .tooManyRequests)
            #expect(blocked.error?.message.contains("Try again in 15 minutes") == true)
            // After the window the right password works again.
            client.now.value = testStart.addingTimeInterval(16 * 60)
            let allowed = try await client.send(
                .POST, "/api/v1/auth/login", json: LoginRequest(email: family.parent.email, password: "secret1"))
            #expect(allowed.status == .ok)
        }
    }

    @Test func logoutRevokesTheToken() async throws {
        try await withApp { client in
            let family = try await client.family()
            let token = family.parent.token
            try await client.send(.POST, "/api/v1/auth/logout", token: token)
            let after = try await client.send(.GET, "/api/v1/auth/me", token: token)
            #expect(after.status == .unauthorized)
            #expect(after.error?.code == "unauthorized")
        }
    }

    /// The `Authorization` header is read as Vapor's `bearerAuthorization` reads it: the
    /// scheme in any case, with spaces around the two words; anything else is no token at all.
    @Test func theBearerSchemeIsReadInAnyCaseAndNothingElseIs() async throws {
        try await withApp { client in
            let token = try await client.family().parent.token
            for header in ["Bearer \(token)", "bearer \(token)", "BEARER  \(token) ", " Bearer \(token)"] {
                let response = try await client.send(.GET, "/api/v1/auth/me", headers: [("Authorization", header)])
                #expect(response.status == .ok, "\(header.prefix(12))")
            }
            for header in ["Basic \(token)", "Bearer", "Bearer \(token) extra", "Bearerx \(token)", "Bear \(token)", "\(token)"] {
                let response = try await client.send(.GET, "/api/v1/auth/me", headers: [("Authorization", header)])
                #expect(response.status == .unauthorized, "\(header.prefix(12))")
            }
            #expect(BearerSessionAuthenticator.token(in: "bEaReR abc.def") == "abc.def")
            #expect(BearerSessionAuthenticator.token(in: "Bearer\tabc") == nil)
        }
    }

    /// A token's signature is checked once and remembered (`VerifiedTokens`): the same header
    /// and claims under any other signature are still refused, however often the genuine token
    /// was used, and the genuine one still ends with its session.
    @Test func aRememberedTokenIsOnlyEverThatExactToken() async throws {
        try await withApp { client in
            let family = try await client.family()
            let token = family.parent.token
            for _ in 0..<2 { #expect(try await client.send(.GET, "/api/v1/auth/me", token: token).status == .ok) }
            let signature = try #require(token.split(separator: ".").last)
            let body = token.dropLast(signature.count)
            let otherSignatures = [
                String(signature.reversed()), String(repeating: "A", count: signature.count), String(signature.dropLast()), "",
            ]
            for other in otherSignatures where other != signature {
                #expect(try await client.send(.GET, "/api/v1/auth/me", token: body + other).status == .unauthorized)
            }
            try await client.send(.POST, "/api/v1/auth/logout", token: token)
            #expect(try await client.send(.GET, "/api/v1/auth/me", token: token).status == .unauthorized)
        }
    }

    /// Another connection's change to the user or the session (another server, the CLI, a
    /// hand-made fix) is what the next request sees: on SQLite the lookup keeps its statement
    /// prepared on connections of its own, and must still read the latest commit each time.
    @Test func theSessionLookupSeesEveryCommittedChange() async throws {
        try await withApp { client in
            let family = try await client.family()
            let child = try await client.addChild(to: family, name: "Mia", balance: Money(cents: 500))
            for _ in 1...3 { #expect(try await client.send(.GET, "/api/v1/auth/me", token: child.token).status == .ok) }
            let sql = client.app.db.sql
            try await sql.raw("UPDATE users SET first_name = 'Mina' WHERE id = \(bind: child.userId)").run()
            let renamed: UserResponse = try await client.call(.GET, "/api/v1/auth/me", token: child.token)
            #expect(renamed.firstName == "Mina")
            let balance = try await client.send(.GET, "/api/v1/children/\(child.id)/balance", token: child.token)
            #expect(balance.status == .ok)
            try await sql.raw("UPDATE sessions SET revoked_at = \(bind: client.now.value) WHERE user_id = \(bind: child.userId)").run()
            #expect(try await client.send(.GET, "/api/v1/auth/me", token: child.token).status == .unauthorized)
            #expect(try await client.send(.GET, "/api/v1/children/\(child.id)/balance", token: child.token).status == .unauthorized)
            // The parent's session is untouched.
            #expect(try await client.send(.GET, "/api/v1/auth/me", token: family.parent.token).status == .ok)
        }
    }

    @Test func refreshIssuesANewTokenAndEndsTheOld() async throws {
        try await withApp { client in
            let family = try await client.family()
            let refreshed: AuthResponse = try await client.call(.POST, "/api/v1/auth/refresh", token: family.parent.token)
            #expect(refreshed.token != family.parent.token)
            #expect(try await client.send(.GET, "/api/v1/auth/me", token: refreshed.token).status == .ok)
            #expect(try await client.send(.GET, "/api/v1/auth/me", token: family.parent.token).status == .unauthorized)
        }
    }

    @Test func expiredTokenIsRefused() async throws {
        try await withApp { client in
            let family = try await client.family()
            client.now.value = testStart.addingTimeInterval(25 * 3600)
            // The session row has expired even though the JWT library checks against the real clock.
            #expect(try await client.send(.GET, "/api/v1/auth/me", token: family.parent.token).status == .unauthorized)
        }
    }

    @Test func updateProfileAndChangePassword() async throws {
        try await withApp { client in
            let family = try await client.family()
            let token = family.parent.token
            let updated: UserResponse = try await client.call(
                .PUT, "/api/v1/auth/me", token: token,
                json: UpdateProfileRequest(firstName: "Robin", email: "robin-\(family.tag)@example.com"))
            #expect(updated.firstName == "Robin")
            #expect(updated.lastName == "Parent")
            let other: AuthResponse = try await client.call(
                .POST, "/api/v1/auth/login", json: LoginRequest(email: updated.email, password: "secret1"))

            let wrong = try await client.send(
                .POST, "/api/v1/auth/change-password", token: token,
                json: ChangePasswordRequest(currentPassword: "nope12", newPassword: "better1"))
            // The request is well formed; the stored password refuses it.
            #expect(wrong.status == .unprocessableEntity)
            #expect(wrong.error?.message == "Current password is incorrect")
            let short = try await client.send(
                .POST, "/api/v1/auth/change-password", token: token,
                json: ChangePasswordRequest(currentPassword: "secret1", newPassword: "abc"))
            #expect(short.error?.message == "Password must be at least 6 characters")

            try await client.send(
                .POST, "/api/v1/auth/change-password", token: token,
                json: ChangePasswordRequest(currentPassword: "secret1", newPassword: "better1"))
            // This device stays signed in; the other device is signed out; the new password works.
            #expect(try await client.send(.GET, "/api/v1/auth/me", token: token).status == .ok)
            #expect(try await client.send(.GET, "/api/v1/auth/me", token: other.token).status == .unauthorized)
            #expect(
                try await client.send(.POST, "/api/v1/auth/login", json: LoginRequest(email: updated.email, password: "better1")).status
                    == .ok)
            #expect(
                try await client.send(.POST, "/api/v1/auth/login", json: LoginRequest(email: updated.email, password: "secret1")).status
                    == .unauthorized)
        }
    }

    @Test func childRegistrationPostsOpeningBalanceToTheLedger() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 100_00))])
            let kai = family.children[0]
            let child: ChildResponse = try await client.call(.GET, "/api/v1/children/\(kai.id)", token: family.parent.token)
            #expect(child.currentBalance == Money(cents: 100_00))
            #expect(child.weeklyAllowance == Money(cents: 10_00))
            #expect(child.allowanceDay == .saturday)
            let list: TransactionListResponse = try await client.call(
                .GET, "/api/v1/children/\(kai.id)/transactions", token: family.parent.token)
            #expect(list.transactions.map(\.description) == ["Opening balance"])
            #expect(list.transactions.first?.balanceAfter == Money(cents: 100_00))
            let login: AuthResponse = try await client.call(
                .POST, "/api/v1/auth/login", json: LoginRequest(email: kai.email, password: "secret1"))
            #expect(login.role == .child)
            #expect(login.childId == kai.id)
        }
    }

    @Test func childRegistrationValidates() async throws {
        try await withApp { client in
            let family = try await client.family()
            let base = RegisterChildRequest(
                email: "c-\(family.tag)@example.com", password: "secret1", firstName: "C", lastName: "D", weeklyAllowance: Money(cents: 500)
            )
            var request = base
            request.weeklyAllowance = Money(cents: -100)
            let negative = try await client.send(.POST, "/api/v1/auth/register/child", token: family.parent.token, json: request)
            #expect(negative.status == .badRequest)
            #expect(negative.error?.message == "Weekly allowance cannot be negative")
            let badDay = try await client.send(
                .POST, "/api/v1/auth/register/child", token: family.parent.token,
                body:
                    #"{"email":"x-\#(family.tag)@example.com","password":"secret1","firstName":"X","lastName":"Y","weeklyAllowance":5,"allowanceDay":9}"#
            )
            #expect(badDay.status == .badRequest)
            let children: [ChildResponse] = try await client.call(.GET, "/api/v1/children", token: family.parent.token)
            #expect(children.isEmpty)
        }
    }
}
