import AllowanceAPI
import Foundation
import Testing
import Vapor

@testable import AllowanceServer

/// Every endpoint refuses the anonymous, another family's parent and a sibling, and tells
/// them nothing about the data.
@Suite struct AuthorizationTests {
    struct Setup {
        let family: TestFamily
        let kai: TestChild
        let freya: TestChild
        let stranger: TestFamily
        let entryID: UUID
        let notificationID: UUID
    }

    func setUp(_ client: TestClient) async throws -> Setup {
        let family = try await client.family(children: [("Kai", Money(cents: 50_00)), ("Freya", Money(cents: 40_00))])
        let stranger = try await client.family(name: "Strangers", children: [("Sam", Money(cents: 5_00))])
        let entry = try await client.post(.debit, 1_00, to: family.children[0], in: family).decode(TransactionResponse.self)
        let notifications: NotificationListResponse = try await client.call(.GET, "/api/v1/notifications", token: family.children[0].token)
        return Setup(
            family: family, kai: family.children[0], freya: family.children[1], stranger: stranger, entryID: entry.id,
            notificationID: try #require(notifications.notifications.first?.id))
    }

    /// (method, path, body) for every route that names someone else's data.
    func kaiRoutes(_ s: Setup) -> [(HTTPMethod, String, String?)] {
        [
            (.GET, "/api/v1/children/\(s.kai.id)", nil),
            (.GET, "/api/v1/children/\(s.kai.id)/balance", nil),
            (.GET, "/api/v1/children/\(s.kai.id)/transactions", nil),
            (.PUT, "/api/v1/children/\(s.kai.id)", #"{"firstName":"Hacked"}"#),
            (.DELETE, "/api/v1/children/\(s.kai.id)", nil),
            (.GET, "/api/v1/transactions/\(s.entryID)", nil),
            (.POST, "/api/v1/transactions", #"{"childId":"\#(s.kai.id)","amount":1,"type":"Debit","description":"x"}"#),
            (.PATCH, "/api/v1/notifications/\(s.notificationID)/read", nil),
        ]
    }

    @Test func anonymousCallersGet401OnEveryProtectedRoute() async throws {
        try await withApp { client in
            let s = try await setUp(client)
            var routes = kaiRoutes(s)
            routes += [
                (.GET, "/api/v1/auth/me", nil), (.PUT, "/api/v1/auth/me", "{}"), (.POST, "/api/v1/auth/refresh", nil),
                (.POST, "/api/v1/auth/logout", nil), (.POST, "/api/v1/auth/change-password", "{}"),
                (.POST, "/api/v1/auth/register/child", "{}"), (.GET, "/api/v1/families/current", nil),
                (.GET, "/api/v1/families/current/children", nil), (.GET, "/api/v1/children", nil),
                (.GET, "/api/v1/dashboard/parent", nil), (.GET, "/api/v1/dashboard/child", nil),
                (.GET, "/api/v1/notifications", nil), (.GET, "/api/v1/notifications/unread-count", nil),
                (.POST, "/api/v1/notifications/read", nil), (.GET, "/api/v1/notifications/preferences", nil),
                (.PUT, "/api/v1/notifications/preferences", "{}"),
            ]
            for (method, path, body) in routes {
                for token in [nil, "not-a-jwt", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.forged"] {
                    let response = try await client.send(method, path, token: token, body: body)
                    #expect(response.status == .unauthorized, "\(method) \(path) with \(token ?? "no token")")
                    #expect(response.error?.code == "unauthorized")
                }
            }
            #expect(try await client.balance(of: s.kai, in: s.family) == Money(cents: 49_00))
        }
    }

    @Test func anotherFamilysParentLearnsNothing() async throws {
        try await withApp { client in
            let s = try await setUp(client)
            for (method, path, body) in kaiRoutes(s) {
                let response = try await client.send(method, path, token: s.stranger.parent.token, body: body)
                #expect(response.status == .notFound, "\(method) \(path)")
                #expect(!response.body.string.contains("Kai"), "\(method) \(path) leaked a name")
                #expect(!response.body.string.contains("49"), "\(method) \(path) leaked a balance")
            }
            let dashboard: ParentDashboardResponse = try await client.call(.GET, "/api/v1/dashboard/parent", token: s.stranger.parent.token)
            #expect(dashboard.children.map(\.firstName) == ["Sam"])
            #expect(try await client.balance(of: s.kai, in: s.family) == Money(cents: 49_00))
            let kai: ChildResponse = try await client.call(.GET, "/api/v1/children/\(s.kai.id)", token: s.family.parent.token)
            #expect(kai.firstName == "Kai")
        }
    }

    @Test func aSiblingLearnsNothing() async throws {
        try await withApp { client in
            let s = try await setUp(client)
            for (method, path, body) in kaiRoutes(s) {
                let response = try await client.send(method, path, token: s.freya.token, body: body)
                #expect(response.status == .notFound || response.status == .forbidden, "\(method) \(path)")
                #expect(!response.body.string.contains("49"), "\(method) \(path) leaked a balance")
            }
            let visible: [ChildResponse] = try await client.call(.GET, "/api/v1/children", token: s.freya.token)
            #expect(visible.map(\.firstName) == ["Freya"])
            #expect(try await client.balance(of: s.kai, in: s.family) == Money(cents: 49_00))
        }
    }

    @Test func childrenCannotUseParentOnlyEndpoints() async throws {
        try await withApp { client in
            let s = try await setUp(client)
            let kaiToken = s.kai.token
            let attempts: [(HTTPMethod, String, String?)] = [
                (.PUT, "/api/v1/children/\(s.kai.id)", #"{"weeklyAllowance":100}"#),
                (.DELETE, "/api/v1/children/\(s.kai.id)", nil),
                (.POST, "/api/v1/transactions", #"{"childId":"\#(s.kai.id)","amount":100,"type":"Credit","description":"x"}"#),
                (
                    .POST, "/api/v1/auth/register/child",
                    #"{"email":"z@example.com","password":"secret1","firstName":"Z","lastName":"Z","weeklyAllowance":1}"#
                ),
                (.GET, "/api/v1/dashboard/parent", nil),
            ]
            for (method, path, body) in attempts {
                let response = try await client.send(method, path, token: kaiToken, body: body)
                #expect(response.status == .forbidden, "\(method) \(path)")
                #expect(response.error?.code == "parent_only")
            }
            let me: ChildResponse = try await client.call(.GET, "/api/v1/children/\(s.kai.id)", token: kaiToken)
            #expect(me.weeklyAllowance == Money(cents: 10_00))
            #expect(me.currentBalance == Money(cents: 49_00))
            // The parent is not a child: the child dashboard says so.
            let parentOnChild = try await client.send(.GET, "/api/v1/dashboard/child", token: s.family.parent.token)
            #expect(parentOnChild.status == .forbidden)
        }
    }
}
