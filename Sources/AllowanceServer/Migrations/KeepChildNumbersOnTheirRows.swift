import Fluent
import Foundation
import SQLKit

/// On SQLite, each child's number (`AddChildDataVersion`) kept on the child's own row,
/// `children.data_version`, instead of in a table of its own.
///
/// Every change to a child's rows moves the child's number. A posting, a contribution or a
/// payday changes the child's row anyway (the balance), so the number moved beside it costs
/// no page more; kept in `child_data_versions`, it was one more leaf in every commit, and one
/// more B-tree searched by the trigger: in a group commit of about twelve contributions on
/// the bench's mixed database, 6.8 of its 62 pages in the log (`scripts/bench_wal_pages.py`).
///
/// The triggers are rewritten where they stand, whatever the migrations before made of them:
/// each upsert of `child_data_versions` becomes an update of the same children's rows. The
/// children's own update trigger also skips an update that moved the number, as the triggers
/// of the rows beside it do (SQLite runs a trigger's statements through the other triggers).
/// PostgreSQL keeps its table, whose numbers move once per transaction, at its commit.
struct KeepChildNumbersOnTheirRows: AsyncMigration {
    static let table = "child_data_versions"

    func prepare(on database: Database) async throws {
        let sql = database.sql
        guard !sql.isPostgres else { return }
        try await sql.raw("ALTER TABLE children ADD COLUMN data_version INTEGER NOT NULL DEFAULT 0").run()
        // `children.id` is declared UUID, the table's key TEXT: compared as text, as they are stored.
        try await sql.raw(
            """
            UPDATE children SET data_version = coalesce(
                (SELECT version FROM child_data_versions WHERE child_id = CAST(children.id AS TEXT)), 0)
            """
        ).run()
        for (name, statement) in try await Self.triggers(containing: Self.table, on: sql) {
            try await Self.replace(name, with: Self.ontoChildren(statement, trigger: name), on: sql)
        }
        try await sql.raw("DROP TABLE child_data_versions").run()
    }

    func revert(on database: Database) async throws {
        let sql = database.sql
        guard !sql.isPostgres else { return }
        try await sql.raw(
            "CREATE TABLE child_data_versions (child_id TEXT PRIMARY KEY NOT NULL, version INTEGER NOT NULL) WITHOUT ROWID"
        ).run()
        try await sql.raw(
            "INSERT INTO child_data_versions (child_id, version) SELECT CAST(id AS TEXT), data_version FROM children WHERE data_version > 0"
        ).run()
        for (name, statement) in try await Self.triggers(containing: Self.moved, on: sql) {
            try await Self.replace(name, with: Self.backToTheTable(statement, trigger: name), on: sql)
        }
        try await sql.raw("ALTER TABLE children DROP COLUMN data_version").run()
    }

    /// How a trigger moves a child's number: `AddChildDataVersion`'s upsert, with the children
    /// it selects (their ids and a 1), and the update that replaces it. (Made afresh for each
    /// use: a `Regex` is not `Sendable`.)
    private static var upsert: Regex<(Substring, ids: Substring, rest: Substring)> {
        #/INSERT INTO child_data_versions \(child_id, version\) SELECT (?<ids>.+?), 1(?<rest>.*?) ON CONFLICT \(child_id\) DO UPDATE SET version = version \+ 1;/#
    }
    private static let moved = "UPDATE children SET data_version = data_version + 1 WHERE id IN (SELECT "
    private static var update: Regex<(Substring, ids: Substring, rest: Substring)> {
        #/UPDATE children SET data_version = data_version \+ 1 WHERE id IN \(SELECT (?<ids>.+?)(?<rest>(?: (?:FROM|WHERE) .*?)?)\);/#
    }

    /// The children's update trigger runs for a row whose balance stayed (`NarrowDataVersionTriggers`);
    /// now also only when its number stayed.
    private static let childrenUpdate = AddFamilyDataVersion.triggerName("children", "UPDATE")
    private static let balanceStayed = "WHEN OLD.balance_cents IS NEW.balance_cents"
    private static let numberStayed = " AND OLD.data_version IS NEW.data_version"

    static func ontoChildren(_ statement: String, trigger: String) -> String {
        var rewritten = statement.replacing(upsert) { match in "\(moved)\(match.ids)\(match.rest));" }
        if trigger == childrenUpdate {
            rewritten = rewritten.replacingOccurrences(of: balanceStayed, with: balanceStayed + numberStayed)
        }
        precondition(!rewritten.contains(table), "\(trigger) moves a child's number in a way this migration does not know")
        return rewritten
    }

    static func backToTheTable(_ statement: String, trigger: String) -> String {
        statement.replacing(update) { match in
            "INSERT INTO child_data_versions (child_id, version) SELECT \(match.ids), 1\(match.rest) ON CONFLICT (child_id) DO UPDATE SET version = version + 1;"
        }.replacingOccurrences(of: numberStayed, with: "")
    }

    private static func triggers(containing text: String, on sql: any SQLDatabase) async throws -> [(String, String)] {
        struct Row: Decodable { let name: String, sql: String }
        return try await sql.raw("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND instr(sql, \(bind: text)) > 0")
            .all(decoding: Row.self).map { ($0.name, $0.sql) }
    }

    private static func replace(_ name: String, with statement: String, on sql: any SQLDatabase) async throws {
        try await sql.raw("DROP TRIGGER \(unsafeRaw: name)").run()
        try await sql.raw(SQLQueryString(statement)).run()
    }
}
