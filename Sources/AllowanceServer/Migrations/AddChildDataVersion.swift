import Fluent
import SQLKit

/// A number per child beside the family's, so that a kept read of one child
/// (`/children/{id}`, its ledger, its goals) outlives writes to its brothers and sisters.
///
/// `families.data_version` still moves with every change in the family. Now each change also
/// moves one of two more numbers: `child_data_versions.version` when the row belongs to one
/// child (its ledger, goals, learning, its own row, notifications to the child's login), or
/// `families.shared_version` when it does not (templates, parents, settings, a child added
/// or removed). A read of one child is kept at the pair (shared, child): it shows only that
/// child's rows and the family's shared ones.
///
/// On SQLite, the triggers replace `AddFamilyDataVersion`'s, with the same names and the same
/// moves of `data_version`. On PostgreSQL, the same functions of `AddDataVersionOnPostgres`
/// are replaced: a statement's notes name a child beside its family (`family/child`), and the
/// commit's trigger moves the children's numbers after the families', so the family's row,
/// taken first, still orders every transaction's locks.
struct AddChildDataVersion: AsyncMigration {
    func prepare(on database: Database) async throws {
        let sql = database.sql
        try await database.schema("families").field("shared_version", .int64, .required, .sql(.default(0))).update()
        // No foreign key: a child's rows are deleted after the child, and their triggers
        // would then add a number for a child that is gone. A stray row is never read.
        if sql.isPostgres {
            try await sql.raw("CREATE TABLE child_data_versions (child_id UUID PRIMARY KEY, version BIGINT NOT NULL)").run()
            for statement in Self.postgresFunctions { try await sql.raw(SQLQueryString(statement)).run() }
        } else {
            try await sql.raw(
                "CREATE TABLE child_data_versions (child_id TEXT PRIMARY KEY NOT NULL, version INTEGER NOT NULL) WITHOUT ROWID"
            ).run()
            try await replaceTriggers(with: Self.triggers, on: sql)
        }
    }

    func revert(on database: Database) async throws {
        let sql = database.sql
        if sql.isPostgres {
            let functions = AddDataVersionOnPostgres.statements.filter { $0.hasPrefix("CREATE OR REPLACE FUNCTION") }
            for statement in functions { try await sql.raw(SQLQueryString(statement)).run() }
        } else {
            try await replaceTriggers(with: AddFamilyDataVersion.triggers, on: sql)
        }
        try await sql.raw("DROP TABLE IF EXISTS child_data_versions").run()
        try await database.schema("families").deleteField("shared_version").update()
    }

    private func replaceTriggers(with statements: [String], on sql: SQLDatabase) async throws {
        for name in AddFamilyDataVersion.triggerNames { try await sql.raw("DROP TRIGGER IF EXISTS \(unsafeRaw: name)").run() }
        for statement in statements { try await sql.raw(SQLQueryString(statement)).run() }
    }

    private static let bump = "UPDATE families SET data_version = data_version + 1"

    /// `AddFamilyDataVersion.triggers`, each also moving the child's number or the shared one.
    static var triggers: [String] {
        AddFamilyDataVersion.triggers(body: body, settingsChanged: "\(bump), shared_version = shared_version + 1 WHERE id = NEW.id;")
    }

    private static func body(table: String, event: String, owner: AddFamilyDataVersion.Owner, row: String) -> String {
        let families = owner.families(of: row)
        // A child's own row, changed: its balance, name or allowance. Added or removed, the
        // family's list of children changes, which is shared.
        let children = table == "children" ? (event == "UPDATE" ? "SELECT \(row).id, 1 WHERE true" : nil) : owner.children(of: row)
        guard let children else { return "\(bump), shared_version = shared_version + 1 WHERE \(families);" }
        // A user's row is the child's when the user is a child's login, else a parent's (shared).
        let shared = owner.isUsers ? ", shared_version = shared_version + (NOT EXISTS (\(children)))" : ""
        return """
            \(bump)\(shared) WHERE \(families);
            INSERT INTO child_data_versions (child_id, version) \(children) ON CONFLICT (child_id) DO UPDATE SET version = version + 1;
            """
    }
}

extension AddChildDataVersion {
    /// PostgreSQL's functions of `AddDataVersionOnPostgres`, replaced: a note is a family's id
    /// (a change to the family's shared rows, `*` for every family's) or `family/child`; or
    /// `family/`, the family's number alone (`MoveTemplateUsageOffTheSharedNumber`).
    static var postgresFunctions: [String] {
        var statements = [
            applyFunction(
                movingFamilies: """
                    SELECT array_agg(DISTINCT split_part(note, '/', 1)::UUID) INTO family_ids FROM unnest(notes) AS note;
                    PERFORM 1 FROM families WHERE id = ANY(family_ids) ORDER BY id FOR NO KEY UPDATE;
                    UPDATE families SET data_version = data_version + 1,
                        shared_version = shared_version + CASE WHEN id = ANY(shared_ids) THEN 1 ELSE 0 END
                    WHERE id = ANY(family_ids);
                    """),
            """
            CREATE OR REPLACE FUNCTION data_version_families() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF NEW.data_version = OLD.data_version THEN
                    NEW.data_version := OLD.data_version + 1;
                    NEW.shared_version := OLD.shared_version + 1;
                END IF;
                RETURN NEW;
            END $$
            """,
        ]
        for (table, owner) in AddFamilyDataVersion.watched {
            statements.append(
                AddDataVersionOnPostgres.noteFunction(table: table) { rows, event in
                    postgresNotes(table: table, owner: owner, rows: rows, event: event)
                })
        }
        return statements
    }

    /// A `SELECT` of the notes for the rows `rows` of `table` (whose rows belong to `owner`)
    /// that `event` touched: a child's own row, changed, is the child's; a child added or
    /// removed changes the family's shared list.
    static func postgresNotes(table: String, owner: AddFamilyDataVersion.Owner, rows: String, event: String) -> String {
        table == "children" && event == "UPDATE"
            ? "SELECT DISTINCT r.family_id::TEXT || '/' || r.id::TEXT FROM \(rows) r" : owner.notes(ofRowsIn: rows)
    }

    /// `data_version_apply`, the commit's move of the noted numbers, with `movingFamilies` the
    /// statements that move the noted families' (not every family's): they may read `notes`
    /// and `shared_ids` (the families whose shared rows changed) and use `family_ids` and
    /// `family`, and must take the families' rows in id order.
    static func applyFunction(movingFamilies: String) -> String {
        let noted = AddDataVersionOnPostgres.noted
        return """
            CREATE OR REPLACE FUNCTION data_version_apply() RETURNS trigger LANGUAGE plpgsql AS $$
            DECLARE
                noted TEXT := current_setting(\(noted), true);
                notes TEXT[];
                family_ids UUID[];
                family UUID;
                shared_ids UUID[];
                child_ids UUID[];
            BEGIN
                PERFORM set_config(\(noted), '', true);
                DELETE FROM data_version_pending;
                IF noted IS NULL OR noted = '' THEN RETURN NULL; END IF;
                notes := string_to_array(noted, ',');
                SELECT array_agg(DISTINCT split_part(note, '/', 2)::UUID) INTO child_ids FROM unnest(notes) AS note
                    WHERE split_part(note, '/', 2) <> '';
                IF '*' = ANY(notes) THEN
                    PERFORM 1 FROM families ORDER BY id FOR NO KEY UPDATE;
                    UPDATE families SET data_version = data_version + 1, shared_version = shared_version + 1;
                ELSE
                    SELECT array_agg(DISTINCT note::UUID) INTO shared_ids FROM unnest(notes) AS note WHERE note NOT LIKE '%/%';
            \(movingFamilies)
                END IF;
                -- After the families' rows: a child's number is only ever taken by a
                -- transaction that holds its family's row.
                IF child_ids IS NOT NULL THEN
                    INSERT INTO child_data_versions (child_id, version) SELECT child, 1 FROM unnest(child_ids) AS child ORDER BY child
                    ON CONFLICT (child_id) DO UPDATE SET version = child_data_versions.version + 1;
                END IF;
                RETURN NULL;
            END $$
            """
    }
}

extension AddFamilyDataVersion.Owner {
    /// A `SELECT` of PostgreSQL's notes for the rows of the transition table `rows`, each once:
    /// `family/child` for a child's row, the family's id for the family's, `*` for every family.
    func notes(ofRowsIn rows: String) -> String {
        let child = "c.family_id::TEXT || '/' || c.id::TEXT"
        return switch self {
        case .family(let column): "SELECT DISTINCT r.\(column)::TEXT FROM \(rows) r WHERE r.\(column) IS NOT NULL"
        case .familyOrAll(let column): "SELECT DISTINCT coalesce(r.\(column)::TEXT, '*') FROM \(rows) r"
        case .child(let column): "SELECT DISTINCT \(child) FROM \(rows) r JOIN children c ON c.id = r.\(column)"
        case .user(let column):
            """
            SELECT DISTINCT u.family_id::TEXT || coalesce('/' || c.id::TEXT, '') FROM \(rows) r JOIN users u ON u.id = r.\(column)
            LEFT JOIN children c ON c.user_id = u.id
            """
        case .goal:
            "SELECT DISTINCT \(child) FROM \(rows) r JOIN savings_goals g ON g.id = r.goal_id JOIN children c ON c.id = g.child_id"
        }
    }

    /// A `SELECT` of the child the row `row` belongs to and 1, or nil when the row belongs to
    /// the family as a whole. Each has a `WHERE`, as SQLite's upsert after a `SELECT` needs.
    func children(of row: String) -> String? {
        switch self {
        case .family, .familyOrAll: nil
        case .child(let column): "SELECT \(row).\(column), 1 WHERE \(row).\(column) IS NOT NULL"
        case .user(let column): "SELECT id, 1 FROM children WHERE user_id = \(row).\(column)"
        case .goal: "SELECT child_id, 1 FROM savings_goals WHERE id = \(row).goal_id"
        }
    }

    var isUsers: Bool { if case .user = self { true } else { false } }
}
