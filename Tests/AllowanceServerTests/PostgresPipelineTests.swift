import FluentPostgresDriver
import Foundation
import SQLKit
import Testing

@testable import AllowanceServer

/// PostgreSQL's posting groups write their statements without waiting for the answers before
/// them (`PostgresPipeline`): they must still run in the order written, commit together, and
/// when one fails, undo all and throw that one's error, not what followed it.
@Suite(.enabled(if: testPostgresURL != nil)) struct PostgresPipelineTests {
    struct Row: Decodable, Equatable { let n: Int }

    /// Runs `body` with a table of its own, named for the test, dropped after.
    func withTable(_ client: TestClient, _ body: (_ table: String) async throws -> Void) async throws {
        let table = "pipeline_test_\(UUID().uuidString.prefix(8).lowercased())"
        let sql = client.app.db.sql
        try await sql.raw("CREATE TABLE \(unsafeRaw: table) (n bigint PRIMARY KEY CHECK (n > 0))").run()
        do {
            try await body(table)
        } catch {
            try await sql.raw("DROP TABLE \(unsafeRaw: table)").run()
            throw error
        }
        try await sql.raw("DROP TABLE \(unsafeRaw: table)").run()
    }

    func rows(of table: String, on sql: any SQLDatabase) async throws -> [Int] {
        try await sql.raw("SELECT n FROM \(unsafeRaw: table) ORDER BY n").all(decoding: Row.self).map(\.n)
    }

    @Test func statementsSentWithoutWaitingRunInOrderAndCommitTogether() async throws {
        try await withApp { client in
            try await withTable(client) { table in
                // act
                let seen = try await PostgresPipeline.transaction(on: client.app.db, in: client.app) { pipeline in
                    try await pipeline.send("INSERT INTO \(unsafeRaw: table) (n) VALUES (\(bind: 1))" as SQLQueryString)
                    let next: SQLQueryString = "INSERT INTO \(unsafeRaw: table) (n) SELECT max(n) + 1 FROM \(unsafeRaw: table)"
                    try await pipeline.send(next)
                    return try await rows(of: table, on: pipeline)
                }
                // assert
                #expect(seen == [1, 2], "the read ran after both inserts, in the order they were sent")
                #expect(try await rows(of: table, on: client.app.db.sql) == [1, 2])
            }
        }
    }

    @Test func aStatementRefusedUndoesTheTransactionAndItsOwnErrorIsThrown() async throws {
        // One connection, so the next statement reuses the one the failure was on.
        try await withApp(connectionsPerLoop: 1) { client in
            try await withTable(client) { table in
                // act
                var thrown: (any Error)?
                do {
                    _ = try await PostgresPipeline.transaction(on: client.app.db, in: client.app) { pipeline in
                        try await pipeline.send("INSERT INTO \(unsafeRaw: table) (n) VALUES (\(bind: 1))" as SQLQueryString)
                        // Refused by the table's check; the statements after it are refused as
                        // part of an aborted transaction.
                        try await pipeline.send("INSERT INTO \(unsafeRaw: table) (n) VALUES (\(bind: -1))" as SQLQueryString)
                        try await pipeline.send("INSERT INTO \(unsafeRaw: table) (n) VALUES (\(bind: 3))" as SQLQueryString)
                        return try await rows(of: table, on: pipeline)
                    }
                } catch {
                    thrown = error
                }
                // assert
                let error = try #require(thrown as? PSQLError)
                #expect(error.serverInfo?[.sqlState] == "23514", "the check's own refusal, not the aborted transaction's")
                #expect(try await rows(of: table, on: client.app.db.sql) == [])
                // The connection is out of the failed transaction: a group after it commits.
                try await PostgresPipeline.transaction(on: client.app.db, in: client.app) { pipeline in
                    try await pipeline.send("INSERT INTO \(unsafeRaw: table) (n) VALUES (\(bind: 5))" as SQLQueryString)
                }
                #expect(try await rows(of: table, on: client.app.db.sql) == [5])
            }
        }
    }

    @Test func aFailureFoundAtTheCommitUndoesEverythingSent() async throws {
        try await withApp { client in
            try await withTable(client) { table in
                // act
                var thrown: (any Error)?
                do {
                    try await PostgresPipeline.transaction(on: client.app.db, in: client.app) { pipeline in
                        try await pipeline.send("INSERT INTO \(unsafeRaw: table) (n) VALUES (\(bind: 1))" as SQLQueryString)
                        try await pipeline.send("INSERT INTO \(unsafeRaw: table) (n) VALUES (\(bind: 1))" as SQLQueryString)
                    }
                } catch {
                    thrown = error
                }
                // assert
                let error = try #require(thrown as? PSQLError)
                #expect(error.serverInfo?[.sqlState] == "23505", "the second insert's duplicate key")
                #expect(try await rows(of: table, on: client.app.db.sql) == [])
            }
        }
    }
}
