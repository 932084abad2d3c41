import Fluent
import SQLKit

/// `families.data_version` on PostgreSQL, so kept answers (`ResponseCache`) work there too.
///
/// SQLite's triggers (`AddFamilyDataVersion`) move the number with each row, at once. Done
/// so here, every write in a family would lock the family's row after the rows it changed
/// first, and two writes could each hold what the other waits for (a contribution holding
/// the family's row and waiting for the goal a parent is editing, which waits for the family).
/// So the moves wait for the commit:
///
/// - after each statement on a watched table, a trigger notes the families its rows belong
///   to, as one row of `data_version_pending`, which takes no lock anyone waits for (no key,
///   no index);
/// - at commit, a deferred trigger takes the transaction's notes back out and moves each of
///   those families' numbers once, locking their rows in id order. A transaction then holds
///   a family's row only at its very end, when it needs nothing else, and all take the rows
///   in one order: none can hold one another up in a circle.
///
/// One note per statement, not per family: each note's deferred trigger reads the table again,
/// past the notes its own transaction has taken out, and a payday batch's statements touch
/// hundreds of families.
///
/// No other transaction ever sees a note: each is removed before its own commit (the table
/// is unlogged, since none outlives its transaction).
struct AddDataVersionOnPostgres: AsyncMigration {
    func prepare(on database: Database) async throws {
        guard database.sql.isPostgres else { return }
        for statement in Self.statements { try await database.sql.raw(SQLQueryString(statement)).run() }
    }

    func revert(on database: Database) async throws {
        guard database.sql.isPostgres else { return }
        for name in AddFamilyDataVersion.triggerNames + ["data_version_apply"] {
            let table =
                switch name {
                case "data_version_families_update": "families"
                case "data_version_apply": "data_version_pending"
                default: Self.table(ofTrigger: name)
                }
            try await database.sql.raw("DROP TRIGGER IF EXISTS \(unsafeRaw: name) ON \(unsafeRaw: table)").run()
        }
        try await database.sql.raw("DROP TABLE IF EXISTS data_version_pending").run()
        for table in AddFamilyDataVersion.watched.map(\.table) + ["families", "apply"] {
            try await database.sql.raw("DROP FUNCTION IF EXISTS data_version_\(unsafeRaw: table)()").run()
        }
    }

    private static func table(ofTrigger name: String) -> String {
        let table = name.dropFirst("data_version_".count)
        return String(table[..<table.lastIndex(of: "_")!])
    }

    static var statements: [String] {
        var statements = [
            "CREATE UNLOGGED TABLE IF NOT EXISTS data_version_pending (family_ids UUID[] NOT NULL)",
            """
            CREATE OR REPLACE FUNCTION data_version_apply() RETURNS trigger LANGUAGE plpgsql AS $$
            DECLARE
                ids UUID[];
                everyone BOOLEAN;
            BEGIN
                -- The transaction's first note does the work of all of them; the rest find none.
                WITH taken AS (DELETE FROM data_version_pending RETURNING family_ids)
                SELECT array_agg(DISTINCT family_id) FILTER (WHERE family_id IS NOT NULL), bool_or(family_id IS NULL)
                INTO ids, everyone FROM taken, unnest(taken.family_ids) AS family_id;
                IF everyone THEN
                    PERFORM 1 FROM families ORDER BY id FOR NO KEY UPDATE;
                    UPDATE families SET data_version = data_version + 1;
                ELSIF ids IS NOT NULL THEN
                    PERFORM 1 FROM families WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;
                    UPDATE families SET data_version = data_version + 1 WHERE id = ANY(ids);
                END IF;
                RETURN NULL;
            END $$
            """,
            """
            CREATE CONSTRAINT TRIGGER data_version_apply AFTER INSERT ON data_version_pending
            DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION data_version_apply()
            """,
            // A setting of the family's own row, unless the change is the number itself.
            """
            CREATE OR REPLACE FUNCTION data_version_families() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF NEW.data_version = OLD.data_version THEN NEW.data_version := OLD.data_version + 1; END IF;
                RETURN NEW;
            END $$
            """,
            """
            CREATE TRIGGER data_version_families_update BEFORE UPDATE ON families
            FOR EACH ROW EXECUTE FUNCTION data_version_families()
            """,
        ]
        for (table, owner) in AddFamilyDataVersion.watched {
            statements.append(
                """
                CREATE OR REPLACE FUNCTION data_version_\(table)() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    IF TG_OP = 'DELETE' THEN
                        INSERT INTO data_version_pending (family_ids) SELECT array_agg(family_id)
                        FROM (\(owner.families(ofRowsIn: "old_rows"))) AS touched(family_id) HAVING count(*) > 0;
                    ELSE
                        INSERT INTO data_version_pending (family_ids) SELECT array_agg(family_id)
                        FROM (\(owner.families(ofRowsIn: "new_rows"))) AS touched(family_id) HAVING count(*) > 0;
                    END IF;
                    RETURN NULL;
                END $$
                """)
            for (event, rows) in [
                ("INSERT", "NEW TABLE AS new_rows"), ("UPDATE", "NEW TABLE AS new_rows"), ("DELETE", "OLD TABLE AS old_rows"),
            ] {
                statements.append(
                    """
                    CREATE TRIGGER data_version_\(table)_\(event.lowercased()) AFTER \(event) ON \(table)
                    REFERENCING \(rows) FOR EACH STATEMENT EXECUTE FUNCTION data_version_\(table)()
                    """)
            }
        }
        return statements
    }
}

extension AddFamilyDataVersion.Owner {
    /// A `SELECT` of the families the rows of the transition table `rows` belong to, each once;
    /// NULL stands for every family (a global template).
    func families(ofRowsIn rows: String) -> String {
        switch self {
        case .family(let column): "SELECT DISTINCT r.\(column) FROM \(rows) r WHERE r.\(column) IS NOT NULL"
        case .familyOrAll(let column): "SELECT DISTINCT r.\(column) FROM \(rows) r"
        case .child(let column): "SELECT DISTINCT c.family_id FROM \(rows) r JOIN children c ON c.id = r.\(column)"
        case .user(let column): "SELECT DISTINCT u.family_id FROM \(rows) r JOIN users u ON u.id = r.\(column)"
        case .goal:
            "SELECT DISTINCT c.family_id FROM \(rows) r JOIN savings_goals g ON g.id = r.goal_id JOIN children c ON c.id = g.child_id"
        }
    }
}
