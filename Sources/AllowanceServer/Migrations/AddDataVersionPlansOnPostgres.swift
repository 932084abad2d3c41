import Fluent
import SQLKit

/// PostgreSQL's commit-time move of the numbers (`AddChildDataVersion`'s `data_version_apply`),
/// one family at a time. Its two statements over `families WHERE id = ANY(family_ids)` were
/// planned afresh at every commit that had written (PostgreSQL costs an array of ids at ten
/// rows, and its generic plan for that is a scan of every family), which cost more than
/// running them. Here each noted family's row is updated by its id, in id order as before: a
/// plan kept once, an index search, and the rows still locked in one order by every writer.
struct AddDataVersionPlansOnPostgres: AsyncMigration {
    func prepare(on database: Database) async throws {
        guard database.sql.isPostgres else { return }
        try await database.sql.raw(SQLQueryString(Self.apply)).run()
    }

    func revert(on database: Database) async throws {
        guard database.sql.isPostgres else { return }
        try await database.sql.raw(SQLQueryString(AddChildDataVersion.postgresFunctions[0])).run()
    }

    static let apply = """
        CREATE OR REPLACE FUNCTION data_version_apply() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
            noted TEXT := current_setting(\(AddDataVersionOnPostgres.noted), true);
            notes TEXT[];
            shared_ids UUID[];
            child_ids UUID[];
            family UUID;
        BEGIN
            PERFORM set_config(\(AddDataVersionOnPostgres.noted), '', true);
            DELETE FROM data_version_pending;
            IF noted IS NULL OR noted = '' THEN RETURN NULL; END IF;
            notes := string_to_array(noted, ',');
            SELECT array_agg(DISTINCT split_part(note, '/', 2)::UUID) INTO child_ids FROM unnest(notes) AS note WHERE note LIKE '%/%';
            IF '*' = ANY(notes) THEN
                PERFORM 1 FROM families ORDER BY id FOR NO KEY UPDATE;
                UPDATE families SET data_version = data_version + 1, shared_version = shared_version + 1;
            ELSE
                SELECT array_agg(DISTINCT note::UUID) INTO shared_ids FROM unnest(notes) AS note WHERE note NOT LIKE '%/%';
                FOR family IN SELECT DISTINCT split_part(note, '/', 1)::UUID AS id FROM unnest(notes) AS note ORDER BY id LOOP
                    UPDATE families SET data_version = data_version + 1,
                        shared_version = shared_version + CASE WHEN family = ANY(shared_ids) THEN 1 ELSE 0 END
                    WHERE id = family;
                END LOOP;
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
