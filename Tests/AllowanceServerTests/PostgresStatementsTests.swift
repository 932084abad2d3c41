import AllowanceAPI
import AllowanceCore
import FluentPostgresDriver
import Foundation
import SQLKit
import Testing

@testable import AllowanceServer

/// On PostgreSQL, statements are prepared once per connection (`PostgresPreparedDatabase`);
/// each must answer exactly as the same query sent unprepared, and what cannot be prepared
/// safely is still answered, unprepared.
@Suite(.enabled(if: testPostgresURL != nil)) struct PostgresStatementsTests {
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
    /// plain queries on that same connection; `statements` names the prepared statements.
    func onOneConnection(
        _ client: TestClient, statements: PostgresStatements,
        _ body: @escaping @Sendable (_ prepared: any SQLDatabase, _ plain: any SQLDatabase) async throws -> Void
    ) async throws {
        let postgres = try #require(client.app.db as? any PostgresDatabase)
        try await postgres.withConnection { connection in
            connection.eventLoop.makeFutureWithTask {
                let plain = connection.sql()
                try await body(PostgresPreparedDatabase(base: plain, postgres: connection, statements: statements), plain)
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
            try await onOneConnection(client, statements: PostgresStatements()) { prepared, plain in
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

    /// A batch's rows go as one array per column (`SQLRows`), so batches of any size are one
    /// text, prepared once, and each answers with its own rows.
    @Test func batchesOfAnySizeAreOneStatementPreparedOnce() async throws {
        try await withApp { client in
            try await onOneConnection(client, statements: PostgresStatements()) { prepared, plain in
                var query: SQLQueryString = ""
                for size in [1, 3, 500] {
                    let ids = (0..<size).map { _ in UUID() }
                    let amounts = (0..<size).map { Int64($0) * 125 }
                    let rows = SQLRows(.ids(ids), .integers(amounts))
                    query =
                        "SELECT v.column1 AS id, v.column2 AS number FROM " + rows.table(on: prepared) + " WHERE v.column1"
                        + .isOneOf(ids, on: prepared)
                    struct Row: Decodable, Equatable { let id: UUID, number: Int64 }
                    let read = try await prepared.raw(query).all(decoding: Row.self)
                    #expect(read.sorted { $0.number < $1.number } == zip(ids, amounts).map { Row(id: $0, number: $1) })
                }
                #expect(try await statements(query, on: plain).count == 1)
            }
        }
    }

    /// A list of one value (a posting group's lock of one goal with its child, as
    /// `GoalStore.lock` reads it) is a statement PostgreSQL plans once: after its first five
    /// runs it keeps a generic plan instead of planning every call afresh, as it did while one
    /// value went as an array (`isOneOf`).
    @Test func aListOfOneValueKeepsAGenericPlan() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 5_00)), ("Freya", Money(cents: 5_00))])
            let kai = try await client.createGoal(for: family.children[0], in: family).id
            let freya = try await client.createGoal(for: family.children[1], in: family).id
            let ids = [kai, freya]
            // The server's own names: its requests above prepared statements on these connections.
            let server = try #require(client.app.postgresStatements)
            try await onOneConnection(client, statements: server) { prepared, plain in
                func lock(_ goalID: UUID) -> SQLQueryString {
                    "SELECT savings_goals.id, c.id AS child FROM savings_goals" + FamilyDirectory.joined(to: "savings_goals.child_id")
                        + " WHERE savings_goals.id" + .isOneOf([goalID], on: prepared) + " ORDER BY c.id, savings_goals.id"
                }
                struct Locked: Decodable { let id: UUID, child: UUID }
                for round in 0..<10 {
                    let goalID = ids[round % ids.count]
                    #expect(try await prepared.raw(lock(goalID)).all(decoding: Locked.self).map(\.id) == [goalID])
                }
                struct Plans: Decodable, Equatable { let generic: Int64, custom: Int64 }
                let text = plain.serialize(lock(ids[0])).sql
                let plans = try await plain.raw(
                    "SELECT generic_plans AS generic, custom_plans AS custom FROM pg_prepared_statements WHERE NOT from_sql AND statement = \(bind: text)"
                ).first(decoding: Plans.self)
                #expect(plans == Plans(generic: 5, custom: 5))
            }
        }
    }

    /// Every type `PostgresPreparedRow` decodes itself, each also NULL and as an optional, and
    /// types it leaves to PostgresKit (an enum, `Double` from `numeric` and from `float8`,
    /// `Int32`): each as PostgresKit's own row decodes it.
    @Test func preparedRowsDecodeAsPostgresKitsRowsDo() async throws {
        struct Row: Decodable, Equatable {
            let text: String, id: UUID, big: Int64, small: Int, flag: Bool, at: Date
            let someText: String?, someID: UUID?, someBig: Int64?, someSmall: Int?, someFlag: Bool?, someAt: Date?
            let noText: String?, noID: UUID?, noBig: Int64?, noSmall: Int?, noFlag: Bool?, noAt: Date?
            let type: TransactionType, numeric: Double, float: Double, int32: Int32, noInt32: Int32?
        }
        try await withApp { client in
            try await onOneConnection(client, statements: PostgresStatements()) { prepared, plain in
                let id = UUID()
                let at = Date(timeIntervalSince1970: 1_795_285_800.25)
                let query: SQLQueryString = """
                    SELECT CAST(\(bind: "Kai") AS text) AS text, CAST(\(bind: id) AS uuid) AS id,
                           CAST(\(bind: Int64.max) AS bigint) AS big, CAST(-7 AS integer) AS small, TRUE AS flag,
                           CAST(\(bind: at) AS timestamptz) AS at,
                           CAST('Freya' AS varchar(20)) AS "someText", CAST(\(bind: id) AS uuid) AS "someID",
                           CAST(-1 AS bigint) AS "someBig", CAST(3 AS smallint) AS "someSmall", FALSE AS "someFlag",
                           CAST(\(bind: at) AS timestamptz) AS "someAt",
                           CAST(NULL AS text) AS "noText", CAST(NULL AS uuid) AS "noID", CAST(NULL AS bigint) AS "noBig",
                           CAST(NULL AS integer) AS "noSmall", CAST(NULL AS boolean) AS "noFlag",
                           CAST(NULL AS timestamptz) AS "noAt",
                           'Credit' AS type, CAST(2.5 AS numeric) AS numeric, CAST(0.25 AS float8) AS float,
                           CAST(12 AS integer) AS int32, CAST(NULL AS integer) AS "noInt32"
                    """
                let fast = try await prepared.raw(query).first(decoding: Row.self)
                let slow = try await plain.raw(query).first(decoding: Row.self)
                #expect(fast == slow)
                #expect(
                    fast
                        == Row(
                            text: "Kai", id: id, big: .max, small: -7, flag: true, at: at, someText: "Freya", someID: id, someBig: -1,
                            someSmall: 3, someFlag: false, someAt: at, noText: nil, noID: nil, noBig: nil, noSmall: nil, noFlag: nil,
                            noAt: nil, type: .credit, numeric: 2.5, float: 0.25, int32: 12, noInt32: nil))
                // A column asked for as a type it does not hold fails, as PostgresKit's row does.
                struct Wrong: Decodable { let text: Int64 }
                await #expect(throws: (any Error).self) { try await prepared.raw(query).first(decoding: Wrong.self) }
            }
        }
    }

    @Test func theSameTextWithANilWhereAValueWasIsAnotherStatement() async throws {
        try await withApp { client in
            try await onOneConnection(client, statements: PostgresStatements()) { prepared, plain in
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
            try await onOneConnection(client, statements: PostgresStatements(limit: 1)) { prepared, plain in
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

    @Test func writesArePreparedAndDDLAndOddValuesAreLeftToPostgresKit() async throws {
        try await withApp { client in
            try await onOneConnection(client, statements: PostgresStatements()) { prepared, plain in
                let create: SQLQueryString = "CREATE TEMPORARY TABLE scratch (text text, number bigint)"
                try await prepared.raw(create).run()
                let insert: SQLQueryString = "INSERT INTO scratch (text, number) VALUES (\(bind: "x"), \(bind: 1))"
                try await prepared.raw(insert).run()
                try await prepared.raw("UPDATE scratch SET number = number + \(bind: 41) WHERE text = \(bind: "x")").run()
                let read: SQLQueryString = "SELECT text, number AS answer FROM scratch"
                #expect(try await prepared.raw(read).first(decoding: Answer.self) == Answer(answer: 42))
                #expect(try await statements(insert, on: plain).count == 1)
                #expect(try await statements(create, on: plain).isEmpty)

                let wrapped: SQLQueryString = "SELECT CAST(\(bind: Wrapped(text: "kept")) AS text) AS text"
                #expect(try await prepared.raw(wrapped).first(decoding: Text.self) == Text(text: "kept"))
                #expect(try await statements(wrapped, on: plain).isEmpty)

                // A payday batch's many values: answered, not prepared.
                let many = Array(1...(PostgresStatements.bindLimit + 1))
                #expect(try await prepared.raw(manyValues(many)).first(decoding: Answer.self) == Answer(answer: many.reduce(0, +)))
                #expect(try await statements(manyValues(many), on: plain).isEmpty)
                try await plain.raw("DROP TABLE scratch").run()
            }
        }
    }

    /// `SELECT 0 + $1 + $2 + ...`, one value per element.
    func manyValues(_ values: [Int]) -> SQLQueryString {
        var query: SQLQueryString = "SELECT CAST(0 AS bigint)"
        for value in values { query = query + " + CAST(\(bind: value) AS bigint)" }
        return query + " AS answer"
    }

    @Test func aTextFirstSentInAFailedTransactionIsPreparedAfreshAfterIt() async throws {
        try await withApp { client in
            try await onOneConnection(client, statements: PostgresStatements()) { prepared, plain in
                let read: SQLQueryString = "SELECT CAST(\(bind: 6) AS bigint) * 7 AS answer"
                try await plain.raw("BEGIN").run()
                await #expect(throws: (any Error).self) { try await plain.raw("SELECT 1 / 0").run() }
                // The text's first time on the connection, in a transaction an error has ended.
                await #expect(throws: (any Error).self) { try await prepared.raw(read).run() }
                try await plain.raw("ROLLBACK").run()
                #expect(try await prepared.raw(read).first(decoding: Answer.self) == Answer(answer: 42))
                #expect(try await prepared.raw(read).first(decoding: Answer.self) == Answer(answer: 42))
            }
        }
    }

    @Test func theServersStatementsArePreparedInAndOutOfTransactions() async throws {
        try await withApp { client in
            #expect(client.app.db.sql is PostgresPreparedDatabase)
            try await client.app.db.transaction { db in
                #expect(db.sql is PostgresPreparedDatabase)
            }
        }
    }
}
