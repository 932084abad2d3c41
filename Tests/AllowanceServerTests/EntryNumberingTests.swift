import AllowanceAPI
import Fluent
import Foundation
import SQLKit
import Testing

@testable import AllowanceServer

/// Each child's ledger entries and each goal's contributions are numbered 1, 2, 3... from the
/// number their owner's row keeps, moved with the balance (`NumberEntriesOnTheirOwners`).
@Suite struct EntryNumberingTests {
    private struct Numbers: Decodable {
        let last_entry_number: Int64
        let entries: Int64
        let numbers: Int64
    }

    /// The child's and the goal's kept numbers, rows and distinct numbers.
    private func numbers(of child: TestChild, goal: SavingsGoalDto, on sql: any SQLDatabase) async throws -> (child: Numbers, goal: Numbers)
    {
        let child = try await sql.raw(
            """
            SELECT c.last_entry_number, COUNT(t.id) AS entries, COUNT(DISTINCT t.entry_number) AS numbers
            FROM children c JOIN transactions t ON t.child_id = c.id WHERE c.id = \(bind: child.id) GROUP BY c.last_entry_number
            """
        ).first(decoding: Numbers.self)
        let goal = try await sql.raw(
            """
            SELECT g.last_entry_number, COUNT(s.id) AS entries, COUNT(DISTINCT s.entry_number) AS numbers
            FROM savings_goals g JOIN savings_contributions s ON s.goal_id = g.id WHERE g.id = \(bind: goal.id) GROUP BY g.last_entry_number
            """
        ).first(decoding: Numbers.self)
        return (try #require(child), try #require(goal))
    }

    /// 30 postings and 10 contributions at once to one child, 6 of the postings debits he cannot
    /// afford, then a payday: the child's entries are numbered 1 to the number his row keeps,
    /// each once, and so are the goal's; `verify` is clean.
    @Test func entriesPostedAtOnceAreNumberedOneByOneFromTheirOwnersRow() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family, target: 500_00)
            // act
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                for index in 0..<40 {
                    tasks.addTask {
                        switch index % 4 {
                        case 0: try await client.post(.credit, 1_00, to: kai, in: family)
                        case 1: try await client.contribute(50, to: goal, token: kai.token)
                        default: try await client.post(.debit, index < 24 ? 25 : 50_00, to: kai, in: family)
                        }
                    }
                }
                try await tasks.waitForAll()
            }
            let paid = await client.runJobs(at: testStart.addingTimeInterval(8 * 86_400), for: family)["payday"] ?? 0
            #expect(paid >= 1)
            // assert
            let (child, saved) = try await numbers(of: kai, goal: goal, on: client.app.db.sql)
            #expect(child.entries == child.last_entry_number && child.numbers == child.entries)
            #expect(saved.entries == 10 && saved.last_entry_number == 10 && saved.numbers == 10)
            // The opening balance, 10 credits, 10 savings' debits, 12 small debits and the paydays.
            #expect(child.entries == 33 + Int64(paid))
            let report = try await client.audit(family)
            #expect(report.isClean, "\(report.summary)")
        }
    }

    /// A database from before the numbers were kept on the owners' rows: the migration reads
    /// each owner's latest number, and the next entry takes the one after it. (SQLite only: each
    /// test has a database of its own there, while PostgreSQL's is shared by the tests running
    /// beside this one, which a migration taken back and made again would break.)
    @Test(.enabled(if: testPostgresURL == nil)) func theMigrationKeepsEachOwnersLatestNumber() async throws {
        try await withApp { client in
            // setup: entries and contributions, then the schema as it was before
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family, target: 500_00)
            try await client.post(.credit, 3_00, to: kai, in: family)
            try await client.saved(2_00, to: goal, token: kai.token)
            try await client.saved(1_00, to: goal, token: kai.token)
            // act: on one connection, so that the prepare sees the columns the revert dropped
            let migration = NumberEntriesOnTheirOwners()
            try await client.app.db.transaction { db in
                try await migration.revert(on: db)
                try await migration.prepare(on: db)
            }
            let sql = client.app.db.sql
            let (child, saved) = try await numbers(of: kai, goal: goal, on: sql)
            try await client.post(.credit, 1_00, to: kai, in: family)
            try await client.saved(1_00, to: goal, token: kai.token)
            // assert: the opening balance, the credit and the two savings' debits; the two savings
            #expect(child.last_entry_number == 4 && saved.last_entry_number == 2)
            let (childAfter, savedAfter) = try await numbers(of: kai, goal: goal, on: sql)
            #expect(childAfter.last_entry_number == 6 && childAfter.numbers == 6)
            #expect(savedAfter.last_entry_number == 3 && savedAfter.numbers == 3)
            let report = try await client.audit(family)
            #expect(report.isClean, "\(report.summary)")
        }
    }

    /// SQLite drops a table's constraint by making the table again: the rows, the other
    /// indexes and the triggers are all there after it, and two rows may then share a number.
    @Test(.enabled(if: testPostgresURL == nil)) func sqliteMakesTheTableAgainWithoutTheConstraintAlone() async throws {
        try await withApp { client in
            // setup: a table shaped as Fluent makes them, with an index and a trigger
            let sql = client.app.db.sql
            try await sql.raw(
                """
                CREATE TABLE "numbered_test" ("id" UUID PRIMARY KEY, "owner_id" UUID NOT NULL, "entry_number" INTEGER NOT NULL, \
                CONSTRAINT "uq:numbered_test.owner_id+numbered_test.entry_number" UNIQUE ("owner_id", "entry_number"))
                """
            ).run()
            try await sql.raw("CREATE INDEX numbered_test_owner_idx ON numbered_test (owner_id)").run()
            try await sql.raw("CREATE TABLE numbered_test_log (id UUID)").run()
            try await sql.raw(
                "CREATE TRIGGER numbered_test_insert AFTER INSERT ON numbered_test BEGIN INSERT INTO numbered_test_log VALUES (NEW.id); END"
            ).run()
            let owner = UUID()
            try await sql.raw("INSERT INTO numbered_test VALUES (\(bind: UUID()), \(bind: owner), 1)").run()
            // act
            try await NumberEntriesOnTheirOwners.rebuildWithoutUniqueNumbers("numbered_test", on: sql)
            try await sql.raw("INSERT INTO numbered_test VALUES (\(bind: UUID()), \(bind: owner), 1)").run()
            // assert
            struct Count: Decodable { let n: Int }
            let rows = try await sql.raw("SELECT COUNT(*) AS n FROM numbered_test").first(decoding: Count.self)
            let logged = try await sql.raw("SELECT COUNT(*) AS n FROM numbered_test_log").first(decoding: Count.self)
            #expect(rows?.n == 2 && logged?.n == 2)
            struct Name: Decodable { let name: String }
            let schema = try await sql.raw("SELECT name FROM sqlite_schema WHERE tbl_name = 'numbered_test' ORDER BY name")
                .all(decoding: Name.self).map(\.name)
            #expect(schema == ["numbered_test", "numbered_test_insert", "numbered_test_owner_idx", "sqlite_autoindex_numbered_test_1"])
        }
    }

    /// Neither database keeps a unique index over an owner and its numbers: the owner's row
    /// is what numbers the entries.
    @Test func noIndexGuardsTheNumbersTwice() async throws {
        try await withApp { client in
            let sql = client.app.db.sql
            struct Count: Decodable { let n: Int }
            for (table, _, _) in NumberEntriesOnTheirOwners.numbered {
                let guards =
                    sql.isPostgres
                    ? try await sql.raw(
                        """
                        SELECT COUNT(*) AS n FROM pg_indexes WHERE tablename = \(bind: table) AND indexdef LIKE 'CREATE UNIQUE%entry_number%'
                        """
                    ).first(decoding: Count.self)
                    : try await sql.raw(
                        """
                        SELECT COUNT(*) AS n FROM pragma_index_list(\(bind: table)) l, pragma_index_info(l.name) i
                        WHERE l."unique" = 1 AND i.name = 'entry_number'
                        """
                    ).first(decoding: Count.self)
                #expect(guards?.n == 0, "\(table)")
            }
        }
    }
}
