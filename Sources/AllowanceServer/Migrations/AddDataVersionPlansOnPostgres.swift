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

    static let apply = AddChildDataVersion.applyFunction(
        movingFamilies: """
            FOR family IN SELECT DISTINCT split_part(note, '/', 1)::UUID AS id FROM unnest(notes) AS note ORDER BY id LOOP
                UPDATE families SET data_version = data_version + 1,
                    shared_version = shared_version + CASE WHEN family = ANY(shared_ids) THEN 1 ELSE 0 END
                WHERE id = family;
            END LOOP;
            """)
}
