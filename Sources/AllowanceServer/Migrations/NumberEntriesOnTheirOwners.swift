import Fluent
import SQLKit

/// A child's ledger entries and a goal's contributions are numbered 1, 2, 3... in the order
/// they are posted. The number of the latest was found with `MAX(entry_number)` over a unique
/// index by owner and number, one of two indexes by owner on each table (the other orders
/// them by time, for the lists). Each entry wrote a leaf of both, each at a random place,
/// since owners' rows lie apart: on SQLite, in a group of about 13 contributions, those four
/// indexes were 72 of the 120 pages its commit wrote to the log.
///
/// Now the owner's row, which each entry updates anyway (the balance, the goal's amount),
/// carries the number of its latest entry, `last_entry_number`, moved in the same statement
/// that moves the amount and takes the row's lock. Each number is then the one after the
/// row's, and no other transaction can take it before this one commits, which is what the
/// unique index guarded against; so the index goes. `verify` checks each owner's entries are
/// numbered 1 to its `last_entry_number` (`LedgerAudit`).
///
/// Measured on a copy of the bench's mixed database with the two indexes gone (the server then
/// still took `MAX` along the other index), 32 connections contributing, two rounds: 1,341
/// and 1,544 contributions a second against 1,114 and 1,279 with them.
struct NumberEntriesOnTheirOwners: AsyncMigration {
    /// The numbered tables, their owners, and the owner's column in them.
    static let numbered = [
        (table: "transactions", owner: "children", column: "child_id"),
        (table: "savings_contributions", owner: "savings_goals", column: "goal_id"),
    ]

    func prepare(on database: Database) async throws {
        try await database.transaction { db in
            let sql = db.sql
            for (table, owner, column) in Self.numbered {
                // As SQL, as `revert` drops it: both on the transaction's own connection.
                try await sql.raw("ALTER TABLE \(unsafeRaw: owner) ADD COLUMN last_entry_number BIGINT NOT NULL DEFAULT 0").run()
                try await sql.raw(
                    """
                    UPDATE \(unsafeRaw: owner) SET last_entry_number =
                        (SELECT COALESCE(MAX(entry_number), 0) FROM \(unsafeRaw: table) WHERE \(unsafeRaw: column) = \(unsafeRaw: owner).id)
                    """
                ).run()
                if sql.isPostgres {
                    try await Self.dropUniqueNumbers(of: table, on: sql)
                } else {
                    try await Self.rebuildWithoutUniqueNumbers(table, on: sql)
                }
                // What `revert` leaves in the constraint's place.
                try await sql.raw("DROP INDEX IF EXISTS \(unsafeRaw: Self.revertedIndex(of: table))").run()
            }
        }
    }

    func revert(on database: Database) async throws {
        try await database.transaction { db in
            for (table, owner, column) in Self.numbered {
                // A unique index guards the numbers as the table's constraint did.
                try await db.sql.raw(
                    """
                    CREATE UNIQUE INDEX IF NOT EXISTS \(unsafeRaw: Self.revertedIndex(of: table)) ON \(unsafeRaw: table) (\(unsafeRaw: column), entry_number)
                    """
                ).run()
                // As SQL: Fluent's SQLite driver leaves a dropped field in place.
                try await db.sql.raw("ALTER TABLE \(unsafeRaw: owner) DROP COLUMN last_entry_number").run()
            }
        }
    }

    private static func revertedIndex(of table: String) -> String { "\(table)_numbers_idx" }

    /// PostgreSQL: the table's unique constraint over the owner and the number, by whatever
    /// name it was given (long names are shortened).
    private static func dropUniqueNumbers(of table: String, on sql: SQLDatabase) async throws {
        struct Constraint: Decodable { let conname: String }
        let constraints = try await sql.raw(
            """
            SELECT conname FROM pg_constraint WHERE conrelid = \(bind: table)::regclass AND contype = 'u'
            AND pg_get_constraintdef(oid) LIKE '%entry_number%'
            """
        ).all(decoding: Constraint.self)
        for constraint in constraints {
            try await sql.raw("ALTER TABLE \(ident: table) DROP CONSTRAINT \(ident: constraint.conname)").run()
        }
    }

    /// SQLite cannot drop a table's constraint, so the table is made again without it: the same
    /// statement less the constraint, under another name, filled, then given the table's name,
    /// and the old table's indexes and triggers made again on it. Nothing refers to these
    /// tables by foreign key, so dropping the old one touches no other table. A table without
    /// the constraint is left as it is.
    static func rebuildWithoutUniqueNumbers(_ table: String, on sql: SQLDatabase) async throws {
        struct Statement: Decodable { let sql: String }
        let create = try await sql.raw("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = \(bind: table)")
            .first(decoding: Statement.self)
        guard let create else { throw ShapeError("no table \(table)") }
        let others = try await sql.raw(
            "SELECT sql FROM sqlite_schema WHERE tbl_name = \(bind: table) AND type IN ('index', 'trigger') AND sql IS NOT NULL"
        ).all(decoding: Statement.self)
        // Fluent wrote the constraint last: `, CONSTRAINT "uq:..." UNIQUE ("owner", "entry_number")`.
        let pattern = #",\s*CONSTRAINT "uq:[^"]*" UNIQUE \([^)]*"entry_number"\)"#
        guard let constraint = create.sql.range(of: pattern, options: .regularExpression) else { return }
        var rebuilt = create.sql
        rebuilt.removeSubrange(constraint)
        guard let name = rebuilt.range(of: "CREATE TABLE \"\(table)\"") else {
            throw ShapeError("\(table) is not shaped as CreateTransaction and CreateSavingsContribution made it")
        }
        rebuilt.replaceSubrange(name, with: "CREATE TABLE \"\(table)_rebuilt\"")
        try await sql.raw(SQLQueryString(rebuilt)).run()
        try await sql.raw("INSERT INTO \(unsafeRaw: table)_rebuilt SELECT * FROM \(ident: table) ORDER BY rowid").run()
        try await sql.raw("DROP TABLE \(ident: table)").run()
        try await sql.raw("ALTER TABLE \(unsafeRaw: table)_rebuilt RENAME TO \(ident: table)").run()
        for statement in others { try await sql.raw(SQLQueryString(statement.sql)).run() }
    }

    struct ShapeError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
