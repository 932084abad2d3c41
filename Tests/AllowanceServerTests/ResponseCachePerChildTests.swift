import AllowanceAPI
import AllowanceCore
import Foundation
import Testing
import Vapor
import VaporTesting

@testable import AllowanceServer

/// Reads whose answer is the same for everyone who may see the child (`APIEndpoint.sameForEveryViewer`)
/// are kept once for that child: its parents and the child, on any device, share one kept
/// answer, and no one who may not see the child is ever served it.
@Suite struct ResponseCachePerChildTests {
    /// Reads served from kept answers so far (`METRICS=1`'s counter).
    func hits(_ client: TestClient) async throws -> Double {
        try #require(try await client.scrape().value(ServerMetrics.Name.cacheLookups, ["outcome": "hit"]))
    }

    /// Every read kept per child, as paths for `child`.
    func paths(of child: TestChild) -> [String] {
        APIEndpoints.all.filter(\.sameForEveryViewer).map { $0.path.replacingOccurrences(of: "{childId}", with: child.id.uuidString) }
    }

    @Test func onlySignedInJSONReadsOfOneChildAreKeptPerChild() {
        let marked = APIEndpoints.all.filter(\.sameForEveryViewer)
        // Each one is a choice: its handler reads the path, the query and the child, nothing of who asks.
        let child = "/api/v1/children/{childId}"
        let expected = [
            "", "/balance", "/transactions", "/savings-goals", "/challenges", "/recurring-transactions", "/learning-sessions",
            "/points", "/learning-goals", "/badges", "/learning-summary",
        ]
        #expect(Set(marked.map(\.path)) == Set(expected.map { child + $0 }))
        for endpoint in marked {
            #expect(endpoint.method == .GET, "\(endpoint.path)")
            #expect(endpoint.path.contains("{childId}"), "\(endpoint.path)")
            #expect(endpoint.access != .anyone && endpoint.mediaType == nil, "\(endpoint.path)")
        }
    }

    @Test func theChildAndEachOfTheirParentsSessionsShareOneKeptAnswer() async throws {
        try await withApp(metrics: true) { client in
            let family = try await client.family(children: [("Kai", Money(cents: 5_000))])
            let kai = family.children[0]
            _ = try await client.createGoal(for: kai, in: family, target: 9_000)
            let coParent = try await client.addParent(to: family, firstName: "Robin")
            let again: AuthResponse = try await client.call(
                .POST, "/api/v1/auth/login", json: LoginRequest(email: family.parent.email, password: "secret1"))
            for path in paths(of: kai) {
                let first = try await client.send(.GET, path, token: family.parent.token)
                #expect(first.status == .ok, "\(path)")
                // Kai from another app: the answer is made from the URL alone.
                let readers = [
                    ("Kai", kai.token, [("User-Agent", "AllowanceTracker-iOS/1.0")]), ("another parent", coParent.token, []),
                    ("the parent's other session", again.token, [("Accept-Language", "de")]),
                ]
                for (who, token, headers) in readers {
                    let before = try await hits(client)
                    let response = try await client.send(.GET, path, token: token, headers: headers)
                    #expect(response.status == .ok && response.body.string == first.body.string, "\(path) as \(who)")
                    #expect(try await hits(client) == before + 1, "\(path) as \(who) was made again")
                }
            }
        }
    }

    /// What the mark promises: made afresh, with nothing kept, each such read answers the parent
    /// and the child alike.
    @Test func eachReadKeptPerChildAnswersTheParentAndTheChildAlike() async throws {
        try await withApp { client in
            client.app.responseCache = nil
            let family = try await client.family(children: [("Kai", Money(cents: 5_000))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family, target: 9_000)
            #expect(try await client.contribute(500, to: goal, token: kai.token).status == .ok)
            #expect(try await client.post(.debit, 250, to: kai, in: family, description: "Comic").status == .created)
            for path in paths(of: kai) {
                let parents = try await client.send(.GET, path, token: family.parent.token)
                let kais = try await client.send(.GET, path, token: kai.token, headers: [("User-Agent", "AllowanceTracker-iOS/1.0")])
                #expect(parents.status == .ok && kais.status == .ok, "\(path)")
                #expect(parents.body.string == kais.body.string, "\(path)")
            }
        }
    }

    @Test func aChildsKeptAnswerIsServedToNoOneWhoMayNotSeeTheChild() async throws {
        try await withApp(metrics: true) { client in
            let family = try await client.family(children: [("Kai", Money(cents: 5_000)), ("Freya", Money(cents: 2_000))])
            let (kai, freya) = (family.children[0], family.children[1])
            _ = try await client.createGoal(for: kai, in: family, target: 9_000)
            let other = try await client.family(children: [("Ada", Money(cents: 5_000))])
            for path in paths(of: kai) {
                // Kept for Kai, by each who may see it.
                #expect(try await client.send(.GET, path, token: family.parent.token).status == .ok)
                #expect(try await client.send(.GET, path, token: kai.token).status == .ok)
                let before = try await hits(client)
                for (who, token) in [
                    ("Kai's sister", freya.token), ("another family's parent", other.parent.token),
                    ("another family's child", other.children[0].token),
                ] {
                    let response = try await client.send(.GET, path, token: token)
                    #expect([.forbidden, .notFound].contains(response.status), "\(path) as \(who): \(response.status)")
                    #expect(!response.body.string.lowercased().contains(kai.id.uuidString.lowercased()), "\(path) as \(who)")
                }
                #expect(try await client.send(.GET, path).status == .unauthorized, "\(path) with no session")
                #expect(try await hits(client) == before, "\(path): a refused read was served a kept answer")
            }
            // Signing out ends the child's access at once, though the answer is still kept for the parent.
            #expect(try await client.send(.POST, "/api/v1/auth/logout", token: kai.token).status.code < 300)
            let before = try await hits(client)
            for path in paths(of: kai) {
                #expect(try await client.send(.GET, path, token: kai.token).status == .unauthorized, "\(path) after sign-out")
            }
            #expect(try await hits(client) == before, "a signed-out child was served a kept answer")
            for path in paths(of: kai) {
                #expect(try await client.send(.GET, path, token: family.parent.token).status == .ok, "\(path) as the parent")
            }
            #expect(try await hits(client) == before + Double(paths(of: kai).count), "the parent's kept answers were ended")
        }
    }

    @Test func aWriteToTheChildEndsTheKeptAnswerForEveryViewer() async throws {
        try await withApp(metrics: true) { client in
            let family = try await client.family(children: [("Kai", Money(cents: 5_000))])
            let kai = family.children[0]
            _ = try await client.createGoal(for: kai, in: family, target: 9_000)
            for path in paths(of: kai) {
                #expect(try await client.send(.GET, path, token: family.parent.token).status == .ok)
                #expect(try await client.send(.GET, path, token: kai.token).status == .ok)
            }
            #expect(try await client.post(.debit, 250, to: kai, in: family, description: "Comic").status == .created)
            for path in paths(of: kai) {
                let before = try await hits(client)
                let seenByKai = try await client.send(.GET, path, token: kai.token)
                #expect(try await hits(client) == before, "\(path): Kai was served the answer from before the debit")
                let seenByParent = try await client.send(.GET, path, token: family.parent.token)
                #expect(try await hits(client) == before + 1, "\(path): the parent's read made Kai's fresh answer again")
                #expect(seenByParent.body.string == seenByKai.body.string, "\(path)")
            }
            let list: TransactionListResponse = try await client.call(
                .GET, "/api/v1/children/\(kai.id)/transactions", token: family.parent.token)
            #expect(list.transactions.first?.description == "Comic")
            let balance: ChildBalanceResponse = try await client.call(.GET, "/api/v1/children/\(kai.id)/balance", token: kai.token)
            #expect(balance.currentBalance == Money(cents: 4_750))
        }
    }

    @Test func aRemovedChildsKeptAnswersAreServedToNoOne() async throws {
        try await withApp(metrics: true) { client in
            let family = try await client.family(children: [("Kai", Money(cents: 5_000))])
            let kai = family.children[0]
            for path in paths(of: kai) {
                #expect(try await client.send(.GET, path, token: family.parent.token).status == .ok)
            }
            #expect(try await client.send(.DELETE, "/api/v1/children/\(kai.id)", token: family.parent.token).status == .noContent)
            let before = try await hits(client)
            for path in paths(of: kai) {
                #expect(try await client.send(.GET, path, token: family.parent.token).status == .notFound, "\(path)")
                #expect(try await client.send(.GET, path, token: kai.token).status == .unauthorized, "\(path): Kai's login is gone")
            }
            #expect(try await hits(client) == before)
        }
    }
}
