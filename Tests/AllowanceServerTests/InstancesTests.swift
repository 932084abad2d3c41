import AllowanceAPI
import Foundation
import Testing
import Vapor
import VaporTesting

@testable import AllowanceServer

/// Two servers on one database behave as one: a write answered by one is seen by the next
/// read on the other, a sign-out on one ends the session on the other at once, and failed
/// sign-ins are counted together.
@Suite struct InstancesTests {
    /// Runs `body` with two applications configured on the same database (a fresh SQLite file,
    /// or the shared PostgreSQL of `TEST_DATABASE_URL`).
    func withTwoInstances(_ body: (TestClient, TestClient) async throws -> Void) async throws {
        try await withApp { first in
            let second = try await Application.make(.testing)
            second.logger.logLevel = .warning
            let now = NowBox(testStart)
            second.clock = .fixed(now)
            let setting: DatabaseSetting
            if let url = ProcessInfo.processInfo.environment["TEST_DATABASE_URL"], !url.isEmpty {
                setting = .postgres(url: url)
            } else {
                let sql = first.app.db.sql
                struct File: Decodable { let file: String }
                let path = try #require(try await sql.raw("PRAGMA database_list").all(decoding: File.self).first?.file)
                setting = .sqlite(path: path)
            }
            do {
                // Like `withApp`: on the shared PostgreSQL one configure at a time runs the migrations.
                let options = ServerOptions(database: setting, seedDemoFamily: false, passwordCost: 4)
                try await migrationGate.run { try await configure(second, options: options) }
                try await body(first, TestClient(app: second, now: now))
            } catch {
                try? await second.asyncShutdown()
                throw error
            }
            try await second.asyncShutdown()
        }
    }

    @Test func aWriteOnOneInstanceIsSeenByTheNextReadOnTheOther() async throws {
        try await withTwoInstances { one, two in
            let family = try await one.family(children: [("Kai", Money(cents: 10_000))])
            let kai = family.children[0]
            // Read first, so anything one instance might keep from this read is in place.
            let before: ChildDashboard = try await one.call(.GET, "/api/v1/dashboard/child", token: kai.token)
            #expect(before.currentBalance == Money(cents: 10_000))
            _ = try await two.post(.debit, 2_550, to: kai, in: family, description: "Book")
            let after: ChildDashboard = try await one.call(.GET, "/api/v1/dashboard/child", token: kai.token)
            #expect(after.currentBalance == Money(cents: 7_450))
            #expect(after.recentTransactions.first?.description == "Book")
            #expect(after.monthlyStats.totalSpent == Money(cents: 2_550))
            let parentView: ParentDashboardResponse = try await one.call(.GET, "/api/v1/dashboard/parent", token: family.parent.token)
            #expect(parentView.totalBalance == Money(cents: 7_450))
        }
    }

    @Test func aSignOutOnOneInstanceEndsTheSessionOnTheOther() async throws {
        try await withTwoInstances { one, two in
            let family = try await one.family(children: [("Kai", .zero)])
            let token = family.parent.token
            #expect(try await two.send(.GET, "/api/v1/auth/me", token: token).status == .ok)
            #expect(try await one.send(.GET, "/api/v1/auth/me", token: token).status == .ok)
            #expect(try await one.send(.POST, "/api/v1/auth/logout", token: token).status.code < 300)
            #expect(try await two.send(.GET, "/api/v1/auth/me", token: token).status == .unauthorized)
        }
    }

    @Test func failedSignInsCountTogetherAcrossInstances() async throws {
        try await withTwoInstances { one, two in
            let family = try await one.family(children: [])
            let email = try #require(
                try await one.send(.GET, "/api/v1/auth/me", token: family.parent.token).body.string
                    .firstMatch(of: /"email":"([^"]+)"/)?.1)
            for attempt in 0..<5 {
                let instance = attempt.isMultiple(of: 2) ? one : two
                let wrong = try await instance.send(
                    .POST, "/api/v1/auth/login", json: LoginRequest(email: String(email), password: "wrong-\(attempt)"))
                #expect(wrong.status == .unauthorized)
            }
            // The sixth try, on either instance, is held back even with the right password.
            for instance in [one, two] {
                let held = try await instance.send(
                    .POST, "/api/v1/auth/login", json: LoginRequest(email: String(email), password: "secret1"))
                #expect(held.status == .tooManyRequests && held.error?.message.contains("Too many failed sign-in attempts") == true)
            }
        }
    }
}
