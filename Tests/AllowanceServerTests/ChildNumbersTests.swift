import AllowanceAPI
import Fluent
import Foundation
import SQLKit
import Testing

@testable import AllowanceServer

/// SQLite keeps each child's number on the child's row (`KeepChildNumbersOnTheirRows`).
/// (SQLite only: PostgreSQL keeps its table, and its database is shared by the tests running
/// beside these, which a migration taken back and made again would break.)
extension ResponseCacheTests {
    private struct Trigger: Decodable, Equatable {
        let name: String
        let sql: String
    }

    private func triggers(on sql: any SQLDatabase) async throws -> [Trigger] {
        try await sql.raw("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name").all(decoding: Trigger.self)
    }

    /// A posting moves its child's number on the child's row and no one else's; no trigger
    /// writes the old table, which is gone.
    @Test(.enabled(if: testPostgresURL == nil)) func aPostingMovesTheNumberOnItsChildsRow() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00)), ("Freya", Money(cents: 50_00))])
            let (kai, freya) = (family.children[0], family.children[1])
            let id = try await familyID(of: kai, on: client)
            let sql = client.app.db.sql
            let before = try await numbers(of: id, children: [kai, freya], on: client)
            // act
            try await client.post(.credit, 3_00, to: kai, in: family)
            // assert: Kai's number moves, Freya's stays
            let after = try await numbers(of: id, children: [kai, freya], on: client)
            #expect(after[1] > before[1] && after[2] == before[2], "\(before) -> \(after)")
            let writers = try await triggers(on: sql).filter { $0.sql.contains("child_data_versions") }
            #expect(writers.isEmpty, "\(writers.map(\.name))")
            struct Count: Decodable { let n: Int }
            let tables = try await sql.raw("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'child_data_versions'").first(
                decoding: Count.self)
            #expect(tables?.n == 0)
        }
    }

    /// Taken back, the numbers go to their table again and the triggers are as the migrations
    /// before made them; made again, each child keeps its number and every trigger is as it was.
    @Test(.enabled(if: testPostgresURL == nil)) func theMigrationBothWaysKeepsEveryNumberAndTrigger() async throws {
        try await withApp { client in
            // setup: Kai's number moved twice, Freya's not at all
            let family = try await client.family(children: [("Kai", Money(cents: 50_00)), ("Freya", Money(cents: 50_00))])
            let (kai, freya) = (family.children[0], family.children[1])
            let id = try await familyID(of: kai, on: client)
            try await client.post(.credit, 3_00, to: kai, in: family)
            try await client.post(.debit, 1_00, to: kai, in: family)
            let sql = client.app.db.sql
            let before = try await numbers(of: id, children: [kai, freya], on: client)
            let made = try await triggers(on: sql)
            // act
            let migration = KeepChildNumbersOnTheirRows()
            struct Version: Decodable { let version: Int64 }
            let (kept, upserts) = try await client.app.db.transaction { db -> (Int64?, Int) in
                try await migration.revert(on: db)
                let kept = try await db.sql.raw("SELECT version FROM child_data_versions WHERE child_id = \(bind: kai.id.uuidString)")
                    .first(decoding: Version.self)?.version
                let upserts = try await triggers(on: db.sql).filter { $0.sql.contains("INSERT INTO child_data_versions") }.count
                try await migration.prepare(on: db)
                return (kept, upserts)
            }
            // assert
            #expect(kept == before[1])
            #expect(upserts > 20, "the triggers taken back write the table again")
            #expect(try await triggers(on: sql) == made)
            #expect(try await numbers(of: id, children: [kai, freya], on: client) == before)
            try await client.post(.credit, 1_00, to: freya, in: family)
            let after = try await numbers(of: id, children: [kai, freya], on: client)
            #expect(after[1] == before[1] && after[2] > before[2], "\(before) -> \(after)")
        }
    }
}
