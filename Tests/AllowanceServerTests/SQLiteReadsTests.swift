import AllowanceAPI
import Foundation
import SQLKit
import SQLiteKit
import Testing

@testable import AllowanceServer

/// `SQLiteReads.Row` reads the server's column types by hand; each must come out exactly as
/// SQLiteKit's decoder (what SQLiteNIO's rows go through) reads it, or be left to it.
@Suite struct SQLiteReadsTests {
    func both<D: Decodable & Equatable>(_ type: D.Type, _ value: SQLiteData) throws -> (fast: D?, decoder: D?) {
        let row = SQLiteReads.Row(columns: ["c": 0], values: [value])
        return (try? row.decode(column: "c", as: D.self), try? SQLiteDataDecoder().decode(D.self, from: value))
    }

    @Test func everyTypeReadsAsTheDecoderReadsIt() throws {
        let id = UUID()
        let values: [SQLiteData] = [
            .text(id.uuidString), .text(id.uuidString.lowercased()), .text("not a uuid"), .text(""), .integer(0), .integer(1),
            .integer(-7), .integer(1_795_285_800), .float(1_795_285_800.123456789), .float(0.5), .null, .text("12"),
            .text("2026-11-21T13:30:00Z"), .blob(ByteBuffer(bytes: [1, 2, 3])),
        ]
        for value in values {
            let uuid = try both(UUID.self, value)
            #expect(uuid.fast == uuid.decoder, "UUID from \(value)")
            let optionalUUID = try both(UUID?.self, value)
            #expect(optionalUUID.fast == optionalUUID.decoder, "UUID? from \(value)")
            let text = try both(String.self, value)
            #expect(text.fast == text.decoder, "String from \(value)")
            let optionalText = try both(String?.self, value)
            #expect(optionalText.fast == optionalText.decoder, "String? from \(value)")
            let int = try both(Int.self, value)
            #expect(int.fast == int.decoder, "Int from \(value)")
            let optionalInt = try both(Int?.self, value)
            #expect(optionalInt.fast == optionalInt.decoder, "Int? from \(value)")
            let int64 = try both(Int64.self, value)
            #expect(int64.fast == int64.decoder, "Int64 from \(value)")
            let optionalInt64 = try both(Int64?.self, value)
            #expect(optionalInt64.fast == optionalInt64.decoder, "Int64? from \(value)")
            let double = try both(Double.self, value)
            #expect(double.fast == double.decoder, "Double from \(value)")
            let optionalDouble = try both(Double?.self, value)
            #expect(optionalDouble.fast == optionalDouble.decoder, "Double? from \(value)")
            let bool = try both(Bool.self, value)
            #expect(bool.fast == bool.decoder, "Bool from \(value)")
            let optionalBool = try both(Bool?.self, value)
            #expect(optionalBool.fast == optionalBool.decoder, "Bool? from \(value)")
            let date = try both(Date.self, value)
            #expect(date.fast == date.decoder, "Date from \(value)")
            let optionalDate = try both(Date?.self, value)
            #expect(optionalDate.fast == optionalDate.decoder, "Date? from \(value)")
        }
    }

    /// Statements whose texts vary with a list's length (a payday batch's rows) are kept apart,
    /// a few at most: after 200 sizes of a 120-to-319-value statement at most 16 are kept, the
    /// writer's small statements stay kept beside them, each answers right, and one run again
    /// (as a payday's next batch of the same size) is used again, not kept twice.
    @Test func statementsBindingLongListsAreKeptApartAndFew() throws {
        // setup
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kept-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let connection = try SQLiteReads.Connection(path: path, writes: true)
        defer { connection.close() }
        try connection.execute("CREATE TABLE t (v INTEGER)")
        try connection.execute("INSERT INTO t VALUES (1)")
        let small = connection.keptCounts.small
        // act
        var sums: [Int] = []
        for count in 120..<320 {
            let sql = "SELECT " + (1...count).map { "?\($0)" }.joined(separator: " + ") + " AS total"
            try connection.run(try connection.statementToWrite(sql), (1...count).map { .integer($0) }) { row in
                sums.append(try row.decode(column: "total", as: Int.self))
            }
        }
        let (large, preparations) = (connection.keptCounts.large, connection.preparations)
        let last = "SELECT " + (1...319).map { "?\($0)" }.joined(separator: " + ") + " AS total"
        try connection.run(try connection.statementToWrite(last), (1...319).map { .integer($0) }) { row in
            sums.append(try row.decode(column: "total", as: Int.self))
        }
        try connection.execute("INSERT INTO t VALUES (2)")
        // assert
        #expect(sums == (120..<320).map { $0 * ($0 + 1) / 2 } + [319 * 320 / 2])
        #expect(connection.keptCounts.large == large)
        #expect(connection.preparations == preparations + 1, "only the new INSERT was prepared")
        #expect(connection.keptCounts.large <= SQLiteReads.Connection.largeStatementLimit && connection.keptCounts.large > 0)
        #expect(connection.keptCounts.small == small + 1)
    }

    /// Ids in paths, tokens and SQLite's rows are read by hand (`UUID(hexText:)`): the same id
    /// as Foundation reads from every good text, and nil for every bad one.
    @Test func uuidsReadByHandAsFoundationReadsThem() {
        for _ in 0..<200 {
            let id = UUID()
            #expect(SQLiteReads.Row.uuid(.text(id.uuidString)) == id)
            #expect(SQLiteReads.Row.uuid(.text(id.uuidString.lowercased())) == id)
            #expect(UUID(hexText: id.upperHex) == id)
        }
        let id = UUID().uuidString
        let bads: [String] = [
            "", String(id.dropLast()), id + "0", id.replacingOccurrences(of: "-", with: ""), "G" + id.dropFirst(),
            String(id.prefix(8)) + "+" + id.dropFirst(9),
        ]
        for bad in bads {
            #expect(SQLiteReads.Row.uuid(.text(bad)) == nil, "\(bad)")
            #expect(UUID(hexText: bad) == nil, "\(bad)")
            #expect(UUID(uuidString: bad) == nil, "\(bad)")
        }
        // Two bytes in one character (36 bytes, 35 characters), and a leading blank, which
        // Foundation's `sscanf` skips, reading the next digits into another id.
        for bad in ["é" + String(id.dropFirst(2)), " " + String(id.dropFirst())] {
            #expect(UUID(hexText: bad) == nil, "\(bad)")
        }
    }

    /// Ids are bound as text written by hand and plain values by their types (`SQLiteBinds`);
    /// every bound value, optionals and enums among them, must reach SQLite exactly as
    /// SQLiteKit's encoder makes it, or the rows the server writes and the
    /// ones it looks up would not match.
    @Test func boundValuesAreWhatTheDriversEncoderMakes() throws {
        let ids =
            [UUID(), UUID.timeOrdered(), UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))]
            + [UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255))]
            + (0..<200).map { _ in UUID() }
        for id in ids {
            #expect(id.upperHex == id.uuidString)
            #expect(id.lowerHex == id.uuidString.lowercased())
        }
        let binds: [any Encodable & Sendable] = [
            ids[0], UUID?.some(ids[1]), UUID?.none, "text", Int64(-7), 42, true, false, Date(timeIntervalSince1970: 1_795_285_800.5),
            0.25, String?.none, ids[1].uuidString.lowercased(), String?.some("maybe"), Int64?.some(5), Int?.none,
            Date?.some(Date(timeIntervalSince1970: 0.001)), Bool?.some(true), Int64.max, Int64.min, TransactionType.credit,
        ]
        let encoder = SQLiteDataEncoder()
        #expect(try SQLiteBinds.values(binds) == binds.map { try encoder.encode($0) })
    }

    /// The lookup every signed-in request makes finds each of its six tables' rows (the
    /// request's child's login among them) through an index: a table scanned there costs every
    /// request more as families are added. (The child's number, in a table of its own then, was
    /// scanned for once: its id column's affinity kept SQLite from using the key. It is on the
    /// child's row now, `KeepChildNumbersOnTheirRows`.)
    @Test(.enabled(if: testPostgresURL == nil)) func theSessionLookupSearchesAnIndexForEveryTable() async throws {
        try await withApp { client in
            struct Step: Decodable { let detail: String }
            let plan = try await client.app.db.sql.raw("EXPLAIN QUERY PLAN \(unsafeRaw: SessionStore.sqliteQuery)").all(decoding: Step.self)
            #expect(plan.count == 6)
            #expect(plan.allSatisfy { $0.detail.hasPrefix("SEARCH") }, "\(plan.map(\.detail))")
        }
    }

    /// The templates a family sees (every page with a quick-add grid reads them) are found
    /// through indexes, the global ones and the family's own: a scan would read every
    /// family's templates.
    @Test(.enabled(if: testPostgresURL == nil)) func aFamilysTemplatesAreSearchedNotScanned() async throws {
        try await withApp { client in
            struct Step: Decodable { let detail: String }
            for withUsage in [false, true] {
                let query = TemplateService.query(forFamily: UUID(), withUsage: withUsage)
                let plan = try await client.app.db.sql.raw("EXPLAIN QUERY PLAN " + query).all(decoding: Step.self)
                #expect(plan.contains { $0.detail.contains("transaction_templates_global_idx") }, "\(plan.map(\.detail))")
                #expect(!plan.contains { $0.detail.hasPrefix("SCAN") }, "\(plan.map(\.detail))")
            }
        }
    }

    /// The last payday paid to each child is on the child's row: the read of whom a payday
    /// owes searches no claims. The claims' one index besides their keys, on the subject,
    /// stays for the schedules' and reminders' claims (a second, by job first, was dropped).
    @Test(.enabled(if: testPostgresURL == nil)) func theLastPaydayIsReadFromTheChildsRow() async throws {
        try await withApp { client in
            struct Step: Decodable { let detail: String }
            let sql = client.app.db.sql
            let plan = try await sql.raw("EXPLAIN QUERY PLAN " + PaydayService.owedQuery(only: nil, scope: nil)).all(decoding: Step.self)
            #expect(!plan.contains { $0.detail.contains("occurrences") }, "\(plan.map(\.detail))")
            struct Index: Decodable { let name: String }
            let indexes = try await sql.raw(
                "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'occurrences' AND sql IS NOT NULL"
            )
            .all(decoding: Index.self)
            #expect(indexes.map(\.name) == ["occurrences_subject_idx"])
        }
    }

    /// A goal list's savings sums read only the index: each contribution's row lies on a page
    /// of its own, and after any commit SQLite reads every one of them again.
    @Test(.enabled(if: testPostgresURL == nil)) func goalSavingsAreSummedFromTheIndexAlone() async throws {
        try await withApp { client in
            struct Step: Decodable { let detail: String }
            let spans = [GoalRows.SavedSpan(goalID: UUID(), start: .now), .init(goalID: UUID(), start: .now, end: .now)]
            let plan = try await client.app.db.sql.raw("EXPLAIN QUERY PLAN " + GoalRows.savedQuery(in: spans)).all(decoding: Step.self)
            let searches = plan.filter { $0.detail.hasPrefix("SEARCH") }.map(\.detail)
            #expect(searches.count == 2, "\(plan.map(\.detail))")
            #expect(searches.allSatisfy { $0.contains("USING COVERING INDEX savings_contributions_goal_sums_idx") }, "\(searches)")
        }
    }
}
