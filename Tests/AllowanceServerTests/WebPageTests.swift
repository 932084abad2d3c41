import AllowanceAPI
import AllowanceCore
import Foundation
import Testing
import Vapor
import VaporTesting

@testable import AllowanceServer

/// The web app's security rules, checked without a browser (the flows are in Tests/browser).
@Suite struct WebPageTests {
    /// Signs in through the login form and returns the cookies a browser would hold.
    func signIn(_ client: TestClient, email: String, password: String = "secret1") async throws -> (session: String, csrf: String) {
        let form = try await client.send(.GET, "/login")
        let csrf = try #require(form.headers.setCookie?[CSRFMiddleware.cookieName]?.string)
        let body = "_csrf=\(csrf)&email=\(email.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)&password=\(password)"
        let response = try await client.app.testing().sendRequest(
            .POST, "/login",
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Cookie": "\(CSRFMiddleware.cookieName)=\(csrf)"],
            body: ByteBuffer(string: body))
        #expect(response.status == .seeOther)
        return (try #require(response.headers.setCookie?[WebSession.cookieName]?.string), csrf)
    }

    func page(_ client: TestClient, _ path: String, cookies: (session: String, csrf: String)) async throws -> TestingHTTPResponse {
        try await client.app.testing().sendRequest(
            .GET, path, headers: ["Cookie": "\(WebSession.cookieName)=\(cookies.session); \(CSRFMiddleware.cookieName)=\(cookies.csrf)"])
    }

    func post(_ client: TestClient, _ path: String, form: String, cookies: (session: String, csrf: String)) async throws
        -> TestingHTTPResponse
    {
        try await client.app.testing().sendRequest(
            .POST, path,
            headers: [
                "Content-Type": "application/x-www-form-urlencoded",
                "Cookie": "\(WebSession.cookieName)=\(cookies.session); \(CSRFMiddleware.cookieName)=\(cookies.csrf)",
            ],
            body: ByteBuffer(string: form))
    }

    @Test func pagesNeedASignIn() async throws {
        try await withApp { client in
            let response = try await client.send(.GET, "/dashboard")
            #expect(response.status == .seeOther)
            #expect(response.headers.first(name: .location) == "/login?next=%2Fdashboard")
        }
    }

    @Test func formsWithoutTheTokenAreRefusedAndChangeNothing() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            let cookies = try await signIn(client, email: family.parent.email)
            let forged = try await post(client, "/children/\(kai.id)/quick-subtract", form: "_csrf=wrong&note=x", cookies: cookies)
            #expect(forged.status == .forbidden)
            #expect(forged.body.string.contains("This form has expired"))
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 20_00))

            let genuine = try await post(
                client, "/children/\(kai.id)/quick-subtract", form: "_csrf=\(cookies.csrf)&note=Ice+cream", cookies: cookies)
            #expect(genuine.status == .seeOther)
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 15_00))
        }
    }

    @Test func aChildCannotReachParentPagesOrASibling() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00)), ("Freya", Money(cents: 33_33))])
            let cookies = try await signIn(client, email: family.children[0].email)
            let own = try await page(client, "/children/\(family.children[0].id)", cookies: cookies)
            #expect(own.status == .ok)
            #expect(own.body.string.contains("$20.00"))
            #expect(!own.body.string.contains("Subtract funds"))  // read-only for the child

            let sibling = try await page(client, "/children/\(family.children[1].id)", cookies: cookies)
            #expect(sibling.status == .notFound)
            #expect(!sibling.body.string.contains("33.33"))
            #expect(sibling.headers.contentType == .html)
            for path in ["/children/new", "/transactions/new", "/children/\(family.children[0].id)/delete"] {
                let response = try await page(client, path, cookies: cookies)
                #expect(response.status == .forbidden, "\(path)")
                #expect(response.body.string.contains("Only a parent can do this"))
            }
            let spend = try await post(
                client, "/children/\(family.children[0].id)/quick-subtract", form: "_csrf=\(cookies.csrf)", cookies: cookies)
            #expect(spend.status == .forbidden)
            #expect(try await client.balance(of: family.children[0], in: family) == Money(cents: 20_00))
        }
    }

    @Test func anotherFamilysChildPageIsNotFound() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 77_77))])
            let stranger = try await client.family(name: "Strangers")
            let cookies = try await signIn(client, email: stranger.parent.email)
            let response = try await page(client, "/children/\(family.children[0].id)", cookies: cookies)
            #expect(response.status == .notFound)
            #expect(!response.body.string.contains("77.77"))
            #expect(!response.body.string.contains("Kai"))
        }
    }

    @Test func signInRedirectStaysOnThisSite() async throws {
        try await withApp { client in
            // Browsers drop tabs and line breaks from a URL, so "/\t/evil.example" would be "//evil.example".
            for next in ["//evil.example/steal", "/%09/evil.example/steal", "/%0A/evil.example/steal", "/%0D%0A/evil.example/"] {
                let page = try await client.send(.GET, "/login?next=\(next)")
                #expect(page.status == .ok)
                #expect(!page.body.string.contains("evil.example"), "\(next)")
            }
        }
    }

    @Test func aParentPausesAndResumesAnAllowanceFromTheChildPage() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            let cookies = try await signIn(client, email: family.parent.email)
            let paused = try await post(client, "/children/\(kai.id)/allowance/pause", form: "_csrf=\(cookies.csrf)", cookies: cookies)
            #expect(paused.status == .seeOther)
            let child: ChildResponse = try await client.call(.GET, "/api/v1/children/\(kai.id)", token: family.parent.token)
            #expect(child.allowancePaused)
            let page = try await page(client, "/children/\(kai.id)", cookies: cookies)
            #expect(page.body.string.contains("Resume allowance"))
            _ = try await post(client, "/children/\(kai.id)/allowance/resume", form: "_csrf=\(cookies.csrf)", cookies: cookies)
            let resumed: ChildResponse = try await client.call(.GET, "/api/v1/children/\(kai.id)", token: family.parent.token)
            #expect(!resumed.allowancePaused)
            // A child cannot pause their own allowance.
            let kaiCookies = try await signIn(client, email: kai.email)
            let refused = try await post(
                client, "/children/\(kai.id)/allowance/pause", form: "_csrf=\(kaiCookies.csrf)", cookies: kaiCookies)
            #expect(refused.status == .forbidden)
        }
    }

    /// The balance line on the child's page: one point per day since the child joined, each the
    /// balance at the end of that day, described for screen readers from its first to its last.
    @Test func theChildPageDrawsEachDaysClosingBalance() async throws {
        try await withApp { client in
            var family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            let calendar = try #require(FamilyCalendar(identifier: "America/New_York"))
            let firstDay = calendar.displayDate(client.now.value)
            #expect(try await client.post(.credit, 5_00, to: kai, in: family).status == .created)
            client.now.value = calendar.adding(days: 2, to: client.now.value)
            // Two days on, the parent signs in again (a session lasts a day).
            family.parent = try await client.call(
                .POST, "/api/v1/auth/login", json: LoginRequest(email: family.parent.email, password: "secret1"))
            #expect(try await client.post(.debit, 3_00, to: kai, in: family).status == .created)
            let cookies = try await signIn(client, email: family.parent.email)
            let html = try await page(client, "/children/\(kai.id)", cookies: cookies).body.string
            let today = calendar.displayDate(client.now.value)
            #expect(html.contains("Balance from $25.00 on \(firstDay) to $22.00 on \(today); highest $25.00."))
            // Three days, three points: $25.00 (the top), $25.00, $22.00, 624 wide and 164 high.
            #expect(html.contains(#"<polyline class="chart-line" points="8.0,8.0 320.0,8.0 632.0,27.7" fill="none"/>"#))
        }
    }

    @Test func aParentApprovesAWaitingOccurrenceFromTheRecurringPage() async throws {
        try await withApp { client in
            // setup: a daily $3.00 credit that waits for approval, due a minute after the start
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            _ = try await client.createRecurring(
                recurringInput(
                    for: kai, name: "Dog walking", cents: 3_00, type: .credit, pattern: .daily, dayOfWeek: nil, time: "13:31",
                    approval: true), in: family)
            await client.runJobs(at: testStart.addingTimeInterval(60), for: family)
            let cookies = try await signIn(client, email: family.parent.email)
            let list = try await page(client, "/recurring", cookies: cookies)
            #expect(list.body.string.contains("Waiting for your approval"))
            let pending: [PendingRecurringOccurrenceDto] = try await client.call(
                .GET, "/api/v1/recurring-transactions/pending", token: family.parent.token)
            let id = try #require(pending.first?.id)
            // act
            let approved = try await post(client, "/recurring/pending/\(id)/approve", form: "_csrf=\(cookies.csrf)", cookies: cookies)
            // assert
            #expect(approved.status == .seeOther)
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 23_00))
            let after = try await page(client, "/recurring", cookies: cookies)
            #expect(!after.body.string.contains("Waiting for your approval"))
        }
    }
}
