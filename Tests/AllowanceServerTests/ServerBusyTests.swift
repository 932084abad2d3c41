import AllowanceAPI
import AllowanceCore
import FluentPostgresDriver
import Foundation
import Testing
import Vapor

@testable import AllowanceServer

/// A request that waited out its turn for a pooled database connection (`postgresPoolTimeout`)
/// is answered 503 with `Retry-After`, as the API's JSON or a page for a person, never as a
/// fault of the server's (500).
@Suite struct ServerBusyTests {
    @Test func aRequestThatWaitedOutItsTurnForTheDatabaseIsToldToComeBack() async throws {
        try await withApp { client in
            // The pool's own error, thrown where a handler would have waited for a connection.
            client.app.get("api", "v1", "busy-probe") { _ -> String in throw ConnectionPoolTimeoutError.connectionRequestTimeout }
            client.app.get("busy-probe") { _ -> String in throw ConnectionPoolTimeoutError.connectionRequestTimeout }

            let api = try await client.send(.GET, "/api/v1/busy-probe")
            #expect(api.status == .serviceUnavailable)
            #expect(api.headers.first(name: "Retry-After") == "1")
            #expect(api.error?.code == "server_busy")
            #expect(api.error?.message == "The server is busy; try again in a moment")

            let page = try await client.send(.GET, "/busy-probe")
            #expect(page.status == .serviceUnavailable)
            #expect(page.headers.first(name: "Retry-After") == "1")
            #expect(page.headers.contentType?.subType == "html")
            #expect(page.body.string.contains("The server is busy; try again in a moment"))
        }
    }

    /// The same end to end on PostgreSQL: with every pooled connection taken, a read and a
    /// money move each wait out the pool's timeout and are told to come back; the move changed
    /// nothing and its `Idempotency-Key` stays free, so the retry moves the money, once.
    @Test(.enabled(if: testPostgresURL != nil)) func aMoneyMoveThatFoundNoConnectionMovesNothingUntilItsRetry() async throws {
        try await withApp(poolTimeout: .milliseconds(300)) { client in
            let family = try await client.family(children: [("Kai", Money(cents: 10_00))])
            let kai = family.children[0]
            let move = CreateTransactionRequest(childId: kai.id, amount: Money(cents: 2_50), type: .credit, description: "Chores")
            let key = [("Idempotency-Key", "busy-\(family.tag)")]

            let (read, busy) = try await Self.withEveryPooledConnectionHeld(in: client.app) {
                (
                    try await client.send(.GET, "/api/v1/children/\(kai.id)/balance", token: family.parent.token),
                    try await client.send(.POST, "/api/v1/transactions", token: family.parent.token, json: move, headers: key)
                )
            }

            for answer in [read, busy] {
                #expect(answer.status == .serviceUnavailable)
                #expect(answer.headers.first(name: "Retry-After") == "1")
                #expect(answer.error?.code == "server_busy")
            }
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 10_00))

            let retried = try await client.send(.POST, "/api/v1/transactions", token: family.parent.token, json: move, headers: key)
            #expect(retried.status == .created)
            let again = try await client.send(.POST, "/api/v1/transactions", token: family.parent.token, json: move, headers: key)
            #expect(again.status == .created)
            #expect(try again.decode(TransactionResponse.self).id == retried.decode(TransactionResponse.self).id)
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 12_50))
            #expect(try await client.ledger(of: kai, in: family).filter { $0.description == "Chores" }.count == 1)
        }
    }

    /// Runs `body` while every connection of the app's pools (one pool per event loop) is
    /// leased, and gives them back however it ends.
    static func withEveryPooledConnectionHeld<Result>(in app: Application, _ body: () async throws -> Result) async throws -> Result {
        var releases: [EventLoopPromise<Void>] = []
        defer { for release in releases { release.succeed(()) } }
        for loop in app.eventLoopGroup.makeIterator() {
            let postgres = try #require(app.databases.database(.psql, logger: app.logger, on: loop) as? any PostgresDatabase)
            let leased = loop.makePromise(of: Void.self)
            let release = loop.makePromise(of: Void.self)
            releases.append(release)
            postgres.withConnection { _ in
                leased.succeed(())
                return release.futureResult
            }.whenFailure { leased.fail($0) }
            try await leased.futureResult.get()
        }
        return try await body()
    }
}
