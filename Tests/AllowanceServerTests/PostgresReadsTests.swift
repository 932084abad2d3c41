import FluentPostgresDriver
import Foundation
import SQLKit
import Testing

@testable import AllowanceServer

/// On PostgreSQL, plain reads are prepared once per connection (`PostgresReadDatabase`); each
/// must answer exactly as the same query sent unprepared, and what cannot be prepared safely is
/// still answered, unprepared.
@Suite(.enabled(if: ResponseCacheTests.onPostgres)) struct PostgresReadsTests {
    struct Values: Decodable, Equatable {
        let id: UUID, text: String, number: Int, at: Date, flag: Bool, nothing: String?
    }

    struct Answer: Decodable, Equatable { let answer: Int }
    struct Text: Decodable, Equatable { let text: String }

    /// A value PostgresNIO cannot bind directly: PostgresKit encodes it through `Encodable`.
    struct Wrapped: Encodable, Sendable {
        let text: String
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(text)
        }
    }

    func values(_ id: UUID, _ text: String, _ number: Int, _ at: Date, _ flag: Bool, _ nothing: String?) -> SQLQueryString {
        """
        SELECT CAST(\(bind: id) AS uuid) AS id, CAST(\(bind: text) AS text) AS text, CAST(\(bind: number) AS bigint) AS number,
               CAST(\(bind: at) AS timestamptz) AS at, CAST(\(bind: flag) AS boolean) AS flag, CAST(\(bind: nothing) AS text) AS nothing
        """
    }

    /// Runs `body` on one connection of the app's pool, as prepared reads and as PostgresKit's
    /// plain queries on that same connection; `reads` names the prepared statements.
    func onOneConnection(
        _ client: TestClient, reads: PostgresReads,
        _ body: @escaping @Sendable (_ prepared: any SQLDatabase, _ plain: any SQLDatabase) async throws -> Void
    ) async throws {
        let postgres = try #require(client.app.db as? any PostgresDatabase)
        try await postgres.withConnection { connection in
            connection.eventLoop.makeFutureWithTask {
                let plain = connection.sql()
                try await body(PostgresReadDatabase(base: plain, postgres: connection, reads: reads), plain)
            }
        }.get()
    }

    /// The statements prepared on `plain`'s connection with `sql`'s text, by protocol (not `PREPARE`).
    func statements(_ sql: SQLQueryString, on plain: any SQLDatabase) async throws -> [String] {
        struct Row: Decodable { let name: String }
        let text = plain.serialize(sql).sql
        return try await plain.raw(
            "SELECT name FROM pg_prepared_statements WHERE NOT from_sql AND statement = \(bind: text) ORDER BY name"
        ).all(decoding: Row.self).map(\.name)
    }

    @Test func aReadIsPreparedOnceAndAnswersAsSentUnprepared() async throws {
        try await withApp { client in
            let reads = PostgresReads()
            try await onOneConnection(client, reads: reads) { prepared, plain in
                let instant = Date(timeIntervalSince1970: 1_795_285_800)
                for (id, text, number, flag) in [(UUID(), "Kai", 42, true), (UUID(), "Freya's \"goal\"", -7, false)] {
                    let query = values(id, text, number, instant, flag, nil)
                    let fast = try await prepared.raw(query).first(decoding: Values.self)
                    let slow = try await plain.raw(query).first(decoding: Values.self)
                    #expect(fast == slow)
                    #expect(fast == Values(id: id, text: text, number: number, at: instant, flag: flag, nothing: nil))
                }
                let query = values(UUID(), "", 0, instant, true, nil)
                #expect(try await statements(query, on: plain).count == 1)
            }
        }
    }

    @Test func theSameTextWithANilWhereAValueWasIsAnotherStatement() async throws {
        try await withApp { client in
            try await onOneConnection(client, reads: PostgresReads()) { prepared, plain in
                let instant = Date(timeIntervalSince1970: 1_795_285_800)
                let id = UUID()
                let empty = try await prepared.raw(values(id, "a", 1, instant, true, nil)).first(decoding: Values.self)
                #expect(empty?.nothing == nil)
                let full = try await prepared.raw(values(id, "a", 1, instant, true, "note")).first(decoding: Values.self)
                #expect(full?.nothing == "note")
                let again = try await prepared.raw(values(id, "a", 1, instant, true, nil)).first(decoding: Values.self)
                #expect(again?.nothing == nil)
                #expect(try await statements(values(id, "a", 1, instant, true, nil), on: plain).count == 2)
            }
        }
    }

    @Test func pastTheLimitReadsAreAnsweredUnprepared() async throws {
        try await withApp { client in
            try await onOneConnection(client, reads: PostgresReads(limit: 1)) { prepared, plain in
                let first: SQLQueryString = "SELECT CAST(\(bind: 1) AS bigint) + 0 AS answer"
                let second: SQLQueryString = "SELECT CAST(\(bind: 2) AS bigint) + 1 AS answer"
                let one = try await prepared.raw(first).first(decoding: Answer.self)
                let three = try await prepared.raw(second).first(decoding: Answer.self)
                #expect(one == Answer(answer: 1))
                #expect(three == Answer(answer: 3))
                #expect(try await statements(first, on: plain).count == 1)
                #expect(try await statements(second, on: plain).isEmpty)
            }
        }
    }

    @Test func writesAndValuesEncodedThroughEncodableAreLeftToPostgresKit() async throws {
        try await withApp { client in
            try await onOneConnection(client, reads: PostgresReads()) { prepared, plain in
                let wrapped: SQLQueryString = "SELECT CAST(\(bind: Wrapped(text: "kept")) AS text) AS text"
                #expect(try await prepared.raw(wrapped).first(decoding: Text.self) == Text(text: "kept"))
                #expect(try await statements(wrapped, on: plain).isEmpty)

                let write: SQLQueryString = "CREATE TEMPORARY TABLE scratch AS SELECT CAST(\(bind: "x") AS text) AS text"
                try await prepared.raw(write).run()
                #expect(try await prepared.raw("SELECT text FROM scratch").first(decoding: Text.self) == Text(text: "x"))
                #expect(try await statements(write, on: plain).isEmpty)
                #expect(try await statements("SELECT text FROM scratch", on: plain).count == 1)
                try await plain.raw("DROP TABLE scratch").run()
            }
        }
    }

    @Test func theServersReadsArePreparedOutsideTransactionsOnly() async throws {
        try await withApp { client in
            #expect(client.app.db.sql is PostgresReadDatabase)
            try await client.app.db.transaction { db in
                #expect(!(db.sql is PostgresReadDatabase))
            }
        }
    }
}
