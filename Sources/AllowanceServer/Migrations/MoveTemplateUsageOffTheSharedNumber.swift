import Fluent
import SQLKit

/// A quick-add template's use counts it in `template_usage`, and the count moved the family's
/// shared number (`AddChildDataVersion`), so every kept read of every child in the family
/// ended with it: a parent tapping "Ice cream" for Freya ended Kai's dashboard, ledger and
/// page too, though none of them shows a count (the quick-add grid is in the templates' own
/// order). Measured on the bench's mixed database (SQLite, Kai's page beside 330 writes a
/// second): with the template uses left out of the writes, 4,660-5,010 pages a second
/// against 4,230-4,250 with them.
///
/// Now the counts move only the family's number, `families.data_version`. The reads that
/// show them (the template list, the quick-actions widget's order, the templates page) read
/// them through `TemplateService.rows(withUsage: true)`, which marks the answer being made as
/// one of the family's (`ResponseCache.Making`), so it is kept at that number: a read of one
/// child that shows the counts still ends with any use.
struct MoveTemplateUsageOffTheSharedNumber: AsyncMigration {
    /// Watched tables whose rows move only the family's number.
    static let familyOnly = ["template_usage"]

    func prepare(on database: Database) async throws {
        let sql = database.sql
        if sql.isPostgres {
            // The commit's move, which reads a note `family/` (no child) as the family's alone.
            try await sql.raw(SQLQueryString(AddDataVersionPlansOnPostgres.apply)).run()
            for table in Self.familyOnly {
                // `family/`: the family's number alone, neither the shared one nor a child's.
                let owner = AddFamilyDataVersion.owner(of: table)
                let function = AddDataVersionOnPostgres.noteFunction(table: table) { rows, _ in
                    "SELECT family_id::TEXT || '/' FROM (\(owner.families(ofRowsIn: rows))) AS rows(family_id) WHERE family_id IS NOT NULL"
                }
                try await sql.raw(SQLQueryString(function)).run()
            }
        } else {
            try await replaceTriggers(with: AddFamilyDataVersion.triggers, on: sql)
        }
    }

    func revert(on database: Database) async throws {
        let sql = database.sql
        if sql.isPostgres {
            for table in Self.familyOnly {
                let owner = AddFamilyDataVersion.owner(of: table)
                let function = AddDataVersionOnPostgres.noteFunction(table: table) { rows, event in
                    AddChildDataVersion.postgresNotes(table: table, owner: owner, rows: rows, event: event)
                }
                try await sql.raw(SQLQueryString(function)).run()
            }
        } else {
            try await replaceTriggers(with: AddChildDataVersion.triggers, on: sql)
        }
    }

    /// SQLite: the family-only tables' three triggers, taken from `statements` (one of the
    /// complete lists `AddFamilyDataVersion.triggers` makes).
    private func replaceTriggers(with statements: [String], on sql: SQLDatabase) async throws {
        for table in Self.familyOnly {
            for name in AddFamilyDataVersion.names(ofTriggersOn: table) {
                let statement = AddFamilyDataVersion.statement(creating: name, in: statements)
                try await sql.raw("DROP TRIGGER IF EXISTS \(unsafeRaw: name)").run()
                try await sql.raw(SQLQueryString(statement)).run()
            }
        }
    }
}
