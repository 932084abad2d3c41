import AllowanceAPI
import Foundation
import Testing
import Vapor
import VaporTesting

@testable import AllowanceServer

/// Three servers on one database behave as one: a write answered by one is seen by the next
/// read on the others, a sign-out on one ends the session on the others at once, and failed
/// sign-ins are counted together.
@Suite struct InstancesTests {
    /// Runs `body` with three applications configured on the shared PostgreSQL of
    /// `TEST_DATABASE_URL`, as three servers behind one address would be (on a fresh SQLite
    /// file, two: see `withThirdInstance`).
    func withThreeInstances(_ body: (TestClient, TestClient, TestClient) async throws -> Void) async throws {
        try await withApp { first in
            try await withTwin(of: first) { second in
                try await withThirdInstance(of: first) { third in
                    try await body(first, TestClient(app: second, now: first.now), TestClient(app: third, now: first.now))
                }
            }
        }
    }

    @Test func aWriteOnOneInstanceIsSeenByTheNextReadOnTheOther() async throws {
        try await withThreeInstances { one, two, three in
            let family = try await one.family(children: [("Kai", Money(cents: 10_000))])
            let kai = family.children[0]
            // Read first, so anything an instance might keep from this read is in place.
            for instance in [one, three] {
                let before: ChildDashboard = try await instance.call(.GET, "/api/v1/dashboard/child", token: kai.token)
                #expect(before.currentBalance == Money(cents: 10_000))
            }
            _ = try await two.post(.debit, 2_550, to: kai, in: family, description: "Book")
            for instance in [one, three] {
                let after: ChildDashboard = try await instance.call(.GET, "/api/v1/dashboard/child", token: kai.token)
                #expect(after.currentBalance == Money(cents: 7_450))
                #expect(after.recentTransactions.first?.description == "Book")
                #expect(after.monthlyStats.totalSpent == Money(cents: 2_550))
                let parentView: ParentDashboardResponse = try await instance.call(
                    .GET, "/api/v1/dashboard/parent", token: family.parent.token)
                #expect(parentView.totalBalance == Money(cents: 7_450))
            }
        }
    }

    @Test func aSignOutOnOneInstanceEndsTheSessionOnTheOther() async throws {
        try await withThreeInstances { one, two, three in
            let family = try await one.family(children: [("Kai", .zero)])
            let token = family.parent.token
            for instance in [one, two, three] { #expect(try await instance.send(.GET, "/api/v1/auth/me", token: token).status == .ok) }
            #expect(try await one.send(.POST, "/api/v1/auth/logout", token: token).status.code < 300)
            for instance in [two, three] {
                #expect(try await instance.send(.GET, "/api/v1/auth/me", token: token).status == .unauthorized)
            }
        }
    }

    @Test func failedSignInsCountTogetherAcrossInstances() async throws {
        try await withThreeInstances { one, two, three in
            let family = try await one.family(children: [])
            let email = try #require(
                try await one.send(.GET, "/api/v1/auth/me", token: family.parent.token).body.string
                    .firstMatch(of: /"email":"([^"]+)"/)?.1)
            for attempt in 0..<5 {
                let instance = [one, two, three][attempt % 3]
                let wrong = try await instance.send(
                    .POST, "/api/v1/auth/login", json: LoginRequest(email: String(email), password: "wrong-\(attempt)"))
                #expect(wrong.status == .unauthorized)
            }
            // The sixth try, on any instance, is held back even with the right password.
            for instance in [one, two, three] {
                let held = try await instance.send(
                    .POST, "/api/v1/auth/login", json: LoginRequest(email: String(email), password: "secret1"))
                #expect(held.status == .tooManyRequests && held.error?.message.contains("Too many failed sign-in attempts") == true)
            }
        }
    }
}
