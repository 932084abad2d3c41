import Foundation
import SQLKit
import Testing

@testable import AllowanceServer

/// `SQLRows` and `isOneOf` bind a batch's values as a `VALUES` list on SQLite and as one array
/// per column on PostgreSQL; on either, a statement reads back exactly the values it was given.
@Suite struct SQLRowsTests {
    struct Row: Decodable, Hashable {
        let column1: UUID, column2: UUID?, column3: String, column4: Int64, column5: Date, column6: String?
    }

    /// Rows with the edges of each type: the zero id, a missing id, quotes and an empty text,
    /// the largest and a negative number, the epoch and a fraction of a second, a missing text
    /// (an empty one stands for none: `SQLRows.Column.optionalTexts`).
    static let rows = [
        Row(
            column1: UUID(), column2: nil, column3: "Kai", column4: Int64.max, column5: Date(timeIntervalSince1970: 1_795_285_800.125),
            column6: "Chores"),
        Row(
            column1: UUID(), column2: UUID(), column3: "Freya's \"goal\" ☂︎", column4: -1, column5: Date(timeIntervalSince1970: 0),
            column6: nil),
        Row(
            column1: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, column2: UUID(), column3: "", column4: 0,
            column5: Date(timeIntervalSince1970: 1_795_285_801), column6: "Kai's \"notes\" ☂︎"),
        Row(
            column1: UUID(), column2: nil, column3: "", column4: 42, column5: Date(timeIntervalSince1970: 1_795_285_800),
            column6: nil),
    ]

    static func table(_ rows: [Row]) -> SQLRows {
        SQLRows(
            .ids(rows.map(\.column1)), .optionalIDs(rows.map(\.column2)), .texts(rows.map(\.column3)), .integers(rows.map(\.column4)),
            .dates(rows.map(\.column5)), .optionalTexts(rows.map(\.column6)))
    }

    /// Each row alone too: one row goes value by value on PostgreSQL, not as arrays.
    @Test func everyColumnReadsBackAsItWasGiven() async throws {
        try await withApp { client in
            let sql = client.app.db.sql
            for rows in Self.rows.map({ [$0] }) + [Self.rows] {
                let read = try await sql.raw(
                    "SELECT v.column1, v.column2, v.column3, v.column4, v.column5, v.column6 FROM " + Self.table(rows).table(on: sql)
                ).all(decoding: Row.self)
                #expect(read.count == rows.count)
                #expect(Set(read) == Set(rows))
            }
        }
    }

    @Test func anInsertTakesTheRowsAndTheirMissingIDsAsNull() async throws {
        try await withApp { client in
            let sql = client.app.db.sql
            try await sql.raw("CREATE TABLE sql_rows_test (id UUID PRIMARY KEY, other UUID, name TEXT NOT NULL)").run()
            let rows = Self.table(Self.rows)
            try await sql.raw(
                "INSERT INTO sql_rows_test (id, other, name) SELECT v.column1, v.column2, v.column3 FROM " + rows.table(on: sql)
            )
            .run()
            struct Missing: Decodable { let missing: Int }
            let missing = try await sql.raw("SELECT COUNT(*) AS missing FROM sql_rows_test WHERE other IS NULL").first(
                decoding: Missing.self)
            #expect(missing?.missing == Self.rows.filter { $0.column2 == nil }.count)
            try await sql.raw("DROP TABLE sql_rows_test").run()
        }
    }

    @Test func isOneOfMatchesTheListedValuesOnly() async throws {
        try await withApp { client in
            let sql = client.app.db.sql
            let table = Self.table(Self.rows).table(on: sql)
            struct ID: Decodable { let column1: UUID }
            for listed in [[], [Self.rows[1]], [Self.rows[0], Self.rows[2], Self.rows[3]]] {
                let ids = listed.map(\.column1) + [UUID()]
                let byID = try await sql.raw("SELECT v.column1 FROM " + table + " WHERE v.column1" + .isOneOf(ids, on: sql))
                    .all(decoding: ID.self)
                #expect(Set(byID.map(\.column1)) == Set(listed.map(\.column1)))
                struct Name: Decodable { let column3: String }
                let names = Set(listed.map(\.column3)).sorted() + ["nobody"]
                let byName = try await sql.raw("SELECT v.column3 FROM " + table + " WHERE v.column3" + .isOneOf(names, on: sql))
                    .all(decoding: Name.self)
                #expect(byName.map(\.column3).sorted() == Self.rows.filter { names.contains($0.column3) }.map(\.column3).sorted())
            }
            // One value alone, which PostgreSQL is sent as ` = $1`, not as an array.
            let alone = try await sql.raw("SELECT v.column1 FROM " + table + " WHERE v.column1" + .isOneOf([Self.rows[1].column1], on: sql))
                .all(decoding: ID.self)
            #expect(alone.map(\.column1) == [Self.rows[1].column1])
            #expect(try await sql.raw("SELECT v.column1 FROM " + table + " WHERE v.column1" + .isOneOf([UUID](), on: sql)).all().isEmpty)
        }
    }
}
