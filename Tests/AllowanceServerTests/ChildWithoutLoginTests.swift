import AllowanceAPI
import AllowanceCore
import Foundation
import Testing
import Vapor

@testable import AllowanceServer

/// A child added by name only (the piggy bank's tally for a young child), and the login they
/// can be given later.
@Suite struct ChildWithoutLoginTests {
    @Test func aParentAddsAChildByNameOnly() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family()
            // act
            let response = try await client.send(
                .POST, "/api/v1/children", token: family.parent.token,
                body: #"{"firstName":" Mia ","weeklyAllowance":3,"allowanceDay":"Friday","initialBalance":12.5}"#)
            // assert
            #expect(response.status == .created, "\(response.body.string)")
            let mia = try response.decode(ChildResponse.self)
            #expect(mia.firstName == "Mia" && mia.lastName == "Parent")
            #expect(mia.hasLogin == false && mia.email == nil)
            #expect(mia.currentBalance == Money(cents: 12_50) && mia.weeklyAllowance == Money(cents: 3_00))
            #expect(mia.allowanceDay == .friday && mia.allowanceDayName == "Friday")
            let history: TransactionListResponse = try await client.call(
                .GET, "/api/v1/children/\(mia.id)/transactions", token: family.parent.token)
            #expect(history.transactions.map(\.description) == ["Opening balance"])
            #expect(history.transactions.first?.amount == Money(cents: 12_50))
            let plain: ChildResponse = try await client.call(
                .POST, "/api/v1/children", token: family.parent.token, json: CreateChildDto(firstName: "Leo", lastName: "Small"))
            #expect(plain.currentBalance == .zero && plain.weeklyAllowance == .zero && plain.allowanceDay == .saturday)
            let listed: [ChildResponse] = try await client.call(.GET, "/api/v1/children", token: family.parent.token)
            #expect(Set(listed.map(\.firstName)) == ["Mia", "Leo"])
            #expect(try await client.audit(family).isClean)
        }
    }

    @Test func badChildrenAreRefusedAndNothingIsAdded() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", Money(cents: 1_00))])
            // act and assert
            for body in [
                #"{"firstName":"  "}"#, #"{"lastName":"Small"}"#, #"{"firstName":"Mia","initialBalance":-1}"#,
                #"{"firstName":"Mia","weeklyAllowance":1.234}"#, #"{"firstName":"Mia","allowanceDay":"Someday"}"#,
            ] {
                let response = try await client.send(.POST, "/api/v1/children", token: family.parent.token, body: body)
                #expect(response.status == .badRequest, "\(body): \(response.body.string)")
                #expect(response.error?.message.isEmpty == false)
            }
            let asChild = try await client.send(
                .POST, "/api/v1/children", token: family.children[0].token, body: #"{"firstName":"Mia"}"#)
            #expect(asChild.status == .forbidden)
            let listed: [ChildResponse] = try await client.call(.GET, "/api/v1/children", token: family.parent.token)
            #expect(listed.map(\.firstName) == ["Kai"])
        }
    }

    @Test func aLoginCanBeGivenLaterOnce() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", Money(cents: 1_00))])
            let stranger = try await client.family(name: "Strangers")
            let mia: ChildResponse = try await client.call(
                .POST, "/api/v1/children", token: family.parent.token,
                json: CreateChildDto(firstName: "Mia", initialBalance: Money(cents: 2_00)))
            let path = "/api/v1/children/\(mia.id)/login"
            let email = "mia-\(family.tag)@example.com"
            // act: refusals first, then the login
            let badEmail = try await client.send(
                .POST, path, token: family.parent.token, json: ChildLoginDto(email: "mia", password: "secret1"))
            let taken = try await client.send(
                .POST, path, token: family.parent.token, json: ChildLoginDto(email: family.children[0].email, password: "secret1"))
            let foreign = try await client.send(
                .POST, path, token: stranger.parent.token, json: ChildLoginDto(email: email, password: "secret1"))
            let asChild = try await client.send(
                .POST, path, token: family.children[0].token, json: ChildLoginDto(email: email, password: "secret1"))
            let given: ChildResponse = try await client.call(
                .POST, path, token: family.parent.token, json: ChildLoginDto(email: email.uppercased(), password: "secret1"))
            let again = try await client.send(
                .POST, path, token: family.parent.token, json: ChildLoginDto(email: "other-\(family.tag)@example.com", password: "secret1"))
            let kaiAgain = try await client.send(
                .POST, "/api/v1/children/\(family.children[0].id)/login", token: family.parent.token,
                json: ChildLoginDto(email: "kai2-\(family.tag)@example.com", password: "secret1"))
            // assert
            #expect(badEmail.status == .badRequest && badEmail.error?.message == "Please enter a valid email address")
            #expect(taken.status == .conflict && taken.error?.code == "email_taken")
            #expect(foreign.status == .notFound)
            #expect(asChild.status == .notFound)
            #expect(given.hasLogin && given.email == email && given.currentBalance == Money(cents: 2_00))
            #expect(again.status == .conflict && again.error?.code == "login_exists")
            #expect(again.error?.message == "Mia already signs in as \(email)")
            #expect(kaiAgain.status == .conflict)
            let login: AuthResponse = try await client.call(
                .POST, "/api/v1/auth/login", json: LoginRequest(email: email, password: "secret1"))
            #expect(login.childId == mia.id && login.role == .child)
            let dashboard: ChildDashboard = try await client.call(.GET, "/api/v1/dashboard/child", token: login.token)
            #expect(dashboard.currentBalance == Money(cents: 2_00))
        }
    }

    @Test func aRetriedAddIsOneChild() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family()
            let body = #"{"firstName":"Mia","initialBalance":5}"#
            // act
            let first = try await client.send(
                .POST, "/api/v1/children", token: family.parent.token, body: body, headers: [("Idempotency-Key", "add-mia")])
            let again = try await client.send(
                .POST, "/api/v1/children", token: family.parent.token, body: body, headers: [("Idempotency-Key", "add-mia")])
            // assert
            #expect(first.status == .created && again.status == .created)
            #expect(try first.decode(ChildResponse.self).id == (try again.decode(ChildResponse.self)).id)
            let listed: [ChildResponse] = try await client.call(.GET, "/api/v1/children", token: family.parent.token)
            #expect(listed.map(\.firstName) == ["Mia"])
            #expect(try await client.audit(family).isClean)
        }
    }

    @Test func aChildWithoutALoginCannotBeSignedInto() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family()
            let mia: ChildResponse = try await client.call(
                .POST, "/api/v1/children", token: family.parent.token, json: CreateChildDto(firstName: "Mia"))
            // act
            let attempt = try await client.send(
                .POST, "/api/v1/auth/login", json: LoginRequest(email: "no-login:\(mia.userId.uuidString.lowercased())", password: ""))
            // assert
            #expect(attempt.status == .badRequest)
        }
    }

    @Test func theWebAddsAChildWithoutALoginAndGivesOneLater() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family()
            let pages = WebPageTests()
            let cookies = try await pages.signIn(client, email: family.parent.email)
            // act
            let added = try await pages.post(
                client, "/children/new",
                form:
                    "_csrf=\(cookies.csrf)&signIn=none&firstName=Mia&lastName=&email=&password=&confirmPassword=&weeklyAllowance=&allowanceDay=6&initialBalance=4",
                cookies: cookies)
            let listed: [ChildResponse] = try await client.call(.GET, "/api/v1/children", token: family.parent.token)
            let mia = try #require(listed.first)
            let page = try await pages.page(client, "/children/\(mia.id)", cookies: cookies)
            let mismatch = try await pages.post(
                client, "/children/\(mia.id)/login",
                form: "_csrf=\(cookies.csrf)&email=mia-\(family.tag)%40example.com&password=secret1&confirmPassword=secret2",
                cookies: cookies)
            let given = try await pages.post(
                client, "/children/\(mia.id)/login",
                form: "_csrf=\(cookies.csrf)&email=mia-\(family.tag)%40example.com&password=secret1&confirmPassword=secret1",
                cookies: cookies)
            // assert
            #expect(added.status == .seeOther)
            #expect(mia.firstName == "Mia" && !mia.hasLogin && mia.currentBalance == Money(cents: 4_00))
            #expect(page.body.string.contains("Mia has no login yet"))
            #expect(mismatch.status == .badRequest && mismatch.body.string.contains("Passwords do not match"))
            #expect(given.status == .seeOther)
            let login = try await client.send(
                .POST, "/api/v1/auth/login", json: LoginRequest(email: "mia-\(family.tag)@example.com", password: "secret1"))
            #expect(login.status == .ok)
            #expect(try await client.audit(family).isClean)
        }
    }
}
