import Fluent
import SQLKit

/// A number per child beside the family's, on SQLite, so that a kept read of one child
/// (`/children/{id}`, its ledger, its goals) outlives writes to its brothers and sisters.
///
/// `families.data_version` still moves with every change in the family. Now each change also
/// moves one of two more numbers: `child_data_versions.version` when the row belongs to one
/// child (its ledger, goals, learning, its own row, notifications to the child's login), or
/// `families.shared_version` when it does not (templates, parents, settings, a child added
/// or removed). A read of one child is kept at the pair (shared, child): it shows only that
/// child's rows and the family's shared ones.
///
/// The triggers replace `AddFamilyDataVersion`'s, with the same names and the same moves of
/// `data_version`. PostgreSQL keeps its answers per family (`AddDataVersionOnPostgres`).
struct AddChildDataVersion: AsyncMigration {
    func prepare(on database: Database) async throws {
        guard (database as? SQLDatabase)?.dialect.name == "sqlite" else { return }
        try await database.schema("families").field("shared_version", .int64, .required, .sql(.default(0))).update()
        // No foreign key: a child's rows are deleted after the child, and their triggers
        // would then add a number for a child that is gone. A stray row is never read.
        try await database.sql.raw(
            "CREATE TABLE child_data_versions (child_id TEXT PRIMARY KEY NOT NULL, version INTEGER NOT NULL) WITHOUT ROWID"
        ).run()
        try await replaceTriggers(with: Self.triggers, on: database.sql)
    }

    func revert(on database: Database) async throws {
        guard (database as? SQLDatabase)?.dialect.name == "sqlite" else { return }
        try await replaceTriggers(with: AddFamilyDataVersion.triggers, on: database.sql)
        try await database.sql.raw("DROP TABLE IF EXISTS child_data_versions").run()
        try await database.schema("families").deleteField("shared_version").update()
    }

    private func replaceTriggers(with statements: [String], on sql: SQLDatabase) async throws {
        for name in AddFamilyDataVersion.triggerNames { try await sql.raw("DROP TRIGGER IF EXISTS \(unsafeRaw: name)").run() }
        for statement in statements { try await sql.raw(SQLQueryString(statement)).run() }
    }

    private static let bump = "UPDATE families SET data_version = data_version + 1"

    /// `AddFamilyDataVersion.triggers`, each also moving the child's number or the shared one.
    static var triggers: [String] {
        var statements = AddFamilyDataVersion.watched.flatMap { table, owner in
            [("INSERT", "NEW"), ("UPDATE", "NEW"), ("DELETE", "OLD")].map { event, row in
                """
                CREATE TRIGGER data_version_\(table)_\(event.lowercased()) AFTER \(event) ON \(table)
                BEGIN \(body(table: table, event: event, owner: owner, row: row)) END
                """
            }
        }
        statements.append(
            """
            CREATE TRIGGER data_version_families_update AFTER UPDATE ON families
            WHEN NEW.data_version = OLD.data_version BEGIN \(bump), shared_version = shared_version + 1 WHERE id = NEW.id; END
            """)
        return statements
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

extension AddFamilyDataVersion.Owner {
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
