import AllowanceAPI
import Foundation
import Testing

@testable import AllowanceServer

@Suite struct ChildrenTests {
    @Test func parentListsUpdatesAndDeletesChildren() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 100_00)), ("Freya", Money(cents: 100_00))])
            let token = family.parent.token
            let listed: [ChildResponse] = try await client.call(.GET, "/api/v1/families/current/children", token: token)
            #expect(listed.map(\.firstName) == ["Freya", "Kai"])
            #expect(listed.allSatisfy { $0.currentBalance == Money(cents: 100_00) })

            let kai = family.children[0]
            let updated: ChildResponse = try await client.call(
                .PUT, "/api/v1/children/\(kai.id)", token: token,
                json: UpdateChildRequest(firstName: "Kai-Lee", weeklyAllowance: Money(cents: 12_50), allowanceDay: .friday))
            #expect(updated.firstName == "Kai-Lee")
            #expect(updated.lastName == "Kid")
            #expect(updated.weeklyAllowance == Money(cents: 12_50))
            #expect(updated.allowanceDay == .friday)
            #expect(updated.allowanceDayName == "Friday")

            let deleted = try await client.send(.DELETE, "/api/v1/children/\(kai.id)", token: token)
            #expect(deleted.status == .noContent)
            #expect(try await client.send(.GET, "/api/v1/children/\(kai.id)", token: token).status == .notFound)
            // The child's login ends with the account.
            #expect(try await client.send(.GET, "/api/v1/auth/me", token: kai.token).status == .unauthorized)
            let remaining: [ChildResponse] = try await client.call(.GET, "/api/v1/children", token: token)
            #expect(remaining.map(\.firstName) == ["Freya"])
            #expect(try await client.audit(family).isClean)
        }
    }

    @Test func healthAnswersOnceReady() async throws {
        try await withApp { client in
            let response = try await client.send(.GET, "/health")
            #expect(response.status == .ok)
            #expect(try response.decode(HealthResponse.self).status == "ok")
        }
    }

    @Test func demoFamilyHasKaiAndFreyaWithAHundredEach() async throws {
        try await withApp { client in
            // On a shared PostgreSQL another run may have created it already; seeding is idempotent.
            try await DemoFamily.seed(client.app)
            let login: AuthResponse = try await client.call(
                .POST, "/api/v1/auth/login", json: LoginRequest(email: DemoFamily.parentEmail, password: DemoFamily.password))
            let dashboard: ParentDashboardResponse = try await client.call(.GET, "/api/v1/dashboard/parent", token: login.token)
            #expect(dashboard.familyName == "The Demo Family")
            #expect(Set(dashboard.children.map(\.firstName)) == ["Kai", "Freya"])
            let kai = try #require(dashboard.children.first { $0.firstName == "Kai" })
            let history: TransactionListResponse = try await client.call(
                .GET, "/api/v1/children/\(kai.childId)/transactions?search=Opening", token: login.token)
            #expect(history.transactions.first?.amount == Money(cents: 100_00))
        }
    }
}
