import AllowanceAPI
import AllowanceCore
import Foundation
import SQLKit
import Testing
import Vapor
import VaporTesting

@testable import AllowanceServer

/// The session lookup every signed-in request makes, many at once (on PostgreSQL, lookups that
/// wait go together in one query, `PostgresSessionLookups`): each request is answered as its own
/// user, and a signed-out session as no one.
@Suite struct SessionLookupTests {
    @Test func manyRequestsAtOnceAreEachAnsweredAsTheirOwnUser() async throws {
        try await withApp { client in
            var users: [(token: String, userId: UUID)] = []
            for _ in 0..<3 {
                let family = try await client.family(children: [("Kai", Money(cents: 1_00)), ("Freya", Money(cents: 1_00))])
                users.append((family.parent.token, family.parent.userId))
                users += family.children.map { ($0.token, $0.userId) }
            }
            let signedOut = users.count - 1
            #expect(try await client.send(.POST, "/api/v1/auth/logout", token: users[signedOut].token).status.code < 300)

            let answers = try await withThrowingTaskGroup(of: (Int, HTTPStatus, UUID?).self) { group in
                for _ in 0..<20 {
                    for (index, user) in users.enumerated() {
                        group.addTask {
                            let response = try await client.send(.GET, "/api/v1/auth/me", token: user.token)
                            let me = response.status == .ok ? try JSONDecoder.api.decode(UserResponse.self, from: response.body) : nil
                            return (index, response.status, me?.userId)
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.count == 20 * users.count)
            if let lookups = client.app.postgresSessionLookups {
                let sent = lookups.sent
                #expect(sent.lookups >= answers.count)
                #expect(sent.queries < sent.lookups, "lookups that waited went together")
            }
            for (index, status, userID) in answers {
                if index == signedOut {
                    #expect(status == .unauthorized)
                } else {
                    #expect(status == .ok)
                    #expect(userID == users[index].userId, "request \(index) was answered as another user")
                }
            }
        }
    }

    /// PostgreSQL only (SQLite has no lookup connection): a restart, or anything else that ends
    /// the lookups' own connection, costs no request an answer.
    @Test func aLookupConnectionPostgreSQLEndedIsMadeAgain() async throws {
        try await withApp { client in
            guard let lookups = client.app.postgresSessionLookups else { return }
            // setup
            let family = try await client.family(children: [("Kai", Money(cents: 1_00))])
            #expect(try await client.send(.GET, "/api/v1/auth/me", token: family.parent.token).status == .ok)

            // act
            let ended = try await client.app.db.sql.raw(
                "SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = \(bind: lookups.applicationName)"
            ).all()

            // assert
            #expect((1...2).contains(ended.count), "the lookups have two connections of their own, each opened when first needed")
            #expect(try await client.send(.GET, "/api/v1/auth/me", token: family.parent.token).status == .ok)
            #expect(try await client.send(.GET, "/api/v1/auth/me", token: family.children[0].token).status == .ok)
        }
    }

    /// PostgreSQL only: the lookup is planned once. Left to choose, PostgreSQL planned each
    /// query of a few lookups afresh (0.67 ms a query, for the plan the generic one also is).
    @Test func theLookupsConnectionKeepsOnePlan() async throws {
        try await withApp { client in
            guard let lookups = client.app.postgresSessionLookups else { return }
            let family = try await client.family(children: [("Kai", Money(cents: 1_00))])
            #expect(try await client.send(.GET, "/api/v1/auth/me", token: family.parent.token).status == .ok)
            #expect(try await lookups.setting("plan_cache_mode", logger: client.app.logger) == "force_generic_plan")
            #expect(try await lookups.setting("application_name", logger: client.app.logger) == lookups.applicationName)
            #expect(try await client.send(.GET, "/api/v1/auth/me", token: family.children[0].token).status == .ok)
        }
    }

    /// PostgreSQL only: a server that shuts down leaves no connection behind (each test's
    /// server has its own, and the shared test database allows a few hundred).
    @Test func theLookupsConnectionClosesWithTheServer() async throws {
        var name: String?
        try await withApp { client in
            guard let lookups = client.app.postgresSessionLookups else { return }
            let family = try await client.family(children: [("Kai", Money(cents: 1_00))])
            #expect(try await client.send(.GET, "/api/v1/auth/me", token: family.parent.token).status == .ok)
            name = lookups.applicationName
        }
        guard let name else { return }
        try await withApp { client in
            // PostgreSQL ends the backend a moment after the socket closes.
            var left: [any SQLRow] = []
            for _ in 0..<50 {
                left = try await client.app.db.sql.raw("SELECT pid FROM pg_stat_activity WHERE application_name = \(bind: name)").all()
                if left.isEmpty { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(left.isEmpty, "the lookups' connection outlived its server")
        }
    }
}

extension SessionLookupTests {
    /// The lookup reads the row of the child a request is about (the path's, or a child's own)
    /// with the session, the same row `FamilyDirectory` reads; none for a parent's request about
    /// no child, or about another family's child.
    @Test func theLookupReadsTheChildTheRequestIsAbout() async throws {
        try await withApp { client in
            let family = try await client.family(timeZone: "Europe/Oslo", children: [("Kai", Money(cents: 12_34))])
            let kai = family.children[0]
            let change = UpdateChildRequest(weeklyAllowance: Money(cents: 7_50), allowanceDay: .tuesday)
            #expect(try await client.send(.PUT, "/api/v1/children/\(kai.id)", token: family.parent.token, json: change).status == .ok)
            let stranger = try await client.family(name: "Strangers", children: [("Ola", Money(cents: 1_00))])

            func lookedUp(_ token: String, path child: UUID?) async throws -> ChildRecord? {
                let request = Request(application: client.app, method: .GET, url: "/", on: client.app.eventLoopGroup.next())
                if let child { request.parameters.set("childId", to: child.uuidString) }
                let user = try #require(try await SessionStore.user(forToken: token, request: request))
                return user.child
            }
            let expected = try #require(try await FamilyDirectory.child(kai.id, inFamily: family.parent.familyId, on: client.app.db.sql))
            for (token, path) in [(family.parent.token, Optional(kai.id)), (kai.token, nil), (kai.token, Optional(kai.id))] {
                let child = try #require(try await lookedUp(token, path: path))
                #expect(child.id == expected.id && child.userID == expected.userID && child.familyID == expected.familyID)
                #expect(child.email == kai.email && child.firstName == "Kai" && child.lastName == "Kid")
                #expect(child.balance == Money(cents: 12_34) && child.weeklyAllowance == Money(cents: 7_50))
                #expect(child.allowanceDay == .tuesday && !child.allowancePaused && child.createdAt == expected.createdAt)
                #expect(child.familyName == expected.familyName && child.calendar.timeZone.identifier == "Europe/Oslo")
            }
            #expect(try await lookedUp(family.parent.token, path: nil) == nil)
            #expect(try await lookedUp(family.parent.token, path: stranger.children[0].id) == nil)
        }
    }
}
