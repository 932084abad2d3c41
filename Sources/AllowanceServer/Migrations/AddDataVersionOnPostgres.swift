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
///   to in a setting local to the transaction, which nobody else sees or waits for; the
///   transaction's first note also adds a row to `data_version_pending` (no key, no index);
/// - at commit, that row's deferred trigger takes the notes and the row back out and moves
///   each noted family's number once, locking their rows in id order. A transaction then
///   holds a family's row only at its very end, when it needs nothing else, and all take the
///   rows in one order: none can hold one another up in a circle.
///
/// No other transaction ever sees a row: each is removed before its own commit (the table is
/// unlogged, since none outlives its transaction). The statement triggers are most of the
/// cost: a posting on the demo family runs at about 360 req/s with them and 430 without.
struct AddDataVersionOnPostgres: AsyncMigration {
    func prepare(on database: Database) async throws {
        guard database.sql.isPostgres else { return }
        for statement in Self.statements { try await database.sql.raw(SQLQueryString(statement)).run() }
    }

    func revert(on database: Database) async throws {
        guard database.sql.isPostgres else { return }
        var triggers = [("data_version_families_update", "families"), ("data_version_apply", "data_version_pending")]
        for table in AddFamilyDataVersion.watched.map(\.table) {
            triggers += AddFamilyDataVersion.names(ofTriggersOn: table).map { ($0, table) }
        }
        for (name, table) in triggers {
            try await database.sql.raw("DROP TRIGGER IF EXISTS \(unsafeRaw: name) ON \(unsafeRaw: table)").run()
        }
        try await database.sql.raw("DROP TABLE IF EXISTS data_version_pending").run()
        for table in AddFamilyDataVersion.watched.map(\.table) + ["families", "apply"] {
            try await database.sql.raw("DROP FUNCTION IF EXISTS data_version_\(unsafeRaw: table)()").run()
        }
    }

    /// The transaction's noted families, comma-separated ids (`*` for all of them): a setting
    /// local to the transaction, which a rollback to a savepoint takes back like the rows.
    static let noted = "'allowance.data_version_families'"

    static var statements: [String] {
        var statements = [
            // One row per transaction that changed a family's rows: its deferred trigger is the
            // commit's turn to move the numbers.
            "CREATE UNLOGGED TABLE IF NOT EXISTS data_version_pending (noted BOOLEAN NOT NULL DEFAULT true)",
            """
            CREATE OR REPLACE FUNCTION data_version_apply() RETURNS trigger LANGUAGE plpgsql AS $$
            DECLARE
                noted TEXT := current_setting(\(noted), true);
                ids UUID[];
            BEGIN
                PERFORM set_config(\(noted), '', true);
                DELETE FROM data_version_pending;
                IF noted IS NULL OR noted = '' THEN RETURN NULL; END IF;
                IF '*' = ANY(string_to_array(noted, ',')) THEN
                    PERFORM 1 FROM families ORDER BY id FOR NO KEY UPDATE;
                    UPDATE families SET data_version = data_version + 1;
                ELSE
                    SELECT array_agg(DISTINCT family_id::UUID) INTO ids FROM unnest(string_to_array(noted, ',')) AS family_id;
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
                noteFunction(table: table) { rows, _ in
                    "SELECT coalesce(family_id::TEXT, '*') FROM (\(owner.families(ofRowsIn: rows))) AS rows(family_id)"
                })
            statements += AddFamilyDataVersion.events.map { statementTrigger(table: table, event: $0) }
        }
        return statements
    }
}

extension AddDataVersionOnPostgres {
    /// The function a watched table's statement triggers run: it notes what the statement's
    /// rows touched, `notes(rows, event)` being a `SELECT` of one note per row of the
    /// transition table `rows` (`new_rows` or `old_rows`) for the event (`INSERT`, `UPDATE`,
    /// `DELETE`), and the transaction's first note adds its pending row.
    /// `name` is the function's, the table's own by default.
    static func noteFunction(
        table: String, name: String? = nil, notes: (_ rows: String, _ event: String) -> String
    ) -> String {
        """
        CREATE OR REPLACE FUNCTION \(name ?? "data_version_\(table)")() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
            touched TEXT;
            noted TEXT;
        BEGIN
            IF TG_OP = 'DELETE' THEN
                SELECT string_agg(note, ',') INTO touched FROM (\(notes("old_rows", "DELETE"))) AS rows(note);
            ELSIF TG_OP = 'INSERT' THEN
                SELECT string_agg(note, ',') INTO touched FROM (\(notes("new_rows", "INSERT"))) AS rows(note);
            ELSE
                SELECT string_agg(note, ',') INTO touched FROM (\(notes("new_rows", "UPDATE"))) AS rows(note);
            END IF;
            IF touched IS NULL THEN RETURN NULL; END IF;
            noted := current_setting(\(noted), true);
            IF noted IS NULL OR noted = '' THEN
                -- Noted first: with the constraints made immediate, the row's trigger
                -- runs as soon as the row is in.
                PERFORM set_config(\(noted), touched, true);
                INSERT INTO data_version_pending DEFAULT VALUES;
            ELSIF noted <> touched THEN
                PERFORM set_config(\(noted), noted || ',' || touched, true);
            END IF;
            RETURN NULL;
        END $$
        """
    }
}

extension AddDataVersionOnPostgres {
    /// A watched table's trigger for `event` (`INSERT`, `UPDATE`, `DELETE`): once per statement,
    /// with the statement's rows as a transition table, running the table's note function.
    static func statementTrigger(table: String, event: String) -> String {
        let rows = event == "DELETE" ? "OLD TABLE AS old_rows" : "NEW TABLE AS new_rows"
        return """
            CREATE TRIGGER \(AddFamilyDataVersion.triggerName(table, event)) AFTER \(event) ON \(table)
            REFERENCING \(rows) FOR EACH STATEMENT EXECUTE FUNCTION data_version_\(table)()
            """
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
