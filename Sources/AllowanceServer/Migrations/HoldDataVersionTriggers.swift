import Fluent
import Foundation
import SQLKit

/// On SQLite, the ledger's and the notifications' insert triggers can be held for a payday
/// batch, which then moves each of its families' and children's numbers once (`DataVersionHold`).
///
/// A trigger runs its two statements for every row it sees, so a batch of 2,000 children ran
/// 8,000 of them for its ledger rows and notifications: 0.09 s of a 10,000-child payday's
/// 0.63 s (the triggers dropped by hand, same build). Held, the batch ends with two, which
/// took back about half of that: 0.57-0.58 s to 0.54-0.55 s (fresh databases, three runs each);
/// now one, the children's numbers moving with their balances (`PaydayBatch.credit`).
///
/// A trigger is held while `data_version_holds` has a row. Only a payday batch adds one, inside
/// its own transaction, and takes it out again before the batch ends; a batch that fails is
/// rolled back with its row. No other connection ever sees the row (SQLite's readers see
/// committed rows only), so no other writer's rows go unseen.
/// PostgreSQL moves its numbers once per statement already (`AddDataVersionOnPostgres`).
struct HoldDataVersionTriggers: AsyncMigration {
    static let table = "data_version_holds"
    static let held = [
        NarrowDataVersionTriggers.Narrowed(table: "transactions", event: "INSERT", condition: .notHeld),
        NarrowDataVersionTriggers.Narrowed(table: "notifications", event: "INSERT", condition: .notHeld),
    ]

    func prepare(on database: Database) async throws {
        let sql = database.sql
        guard !sql.isPostgres else { return }
        try await sql.raw("CREATE TABLE \(unsafeRaw: Self.table) (id INTEGER PRIMARY KEY NOT NULL)").run()
        for narrowed in Self.held {
            let original = try await Self.current(narrowed.trigger, on: sql)
            try await NarrowDataVersionTriggers.replace(narrowed, original: original, on: sql)
        }
    }

    func revert(on database: Database) async throws {
        let sql = database.sql
        guard !sql.isPostgres else { return }
        for narrowed in Self.held {
            let holding = try await Self.current(narrowed.trigger, on: sql)
            let original = holding.replacingOccurrences(of: "\nWHEN \(narrowed.condition.sql(postgres: false)) BEGIN ", with: "\nBEGIN ")
            try await sql.raw("DROP TRIGGER IF EXISTS \(unsafeRaw: narrowed.trigger)").run()
            try await sql.raw(SQLQueryString(original)).run()
        }
        try await sql.raw("DROP TABLE IF EXISTS \(unsafeRaw: Self.table)").run()
    }

    /// The trigger as the file has it: these two were made by `AddChildDataVersion` and left
    /// as they were by the migrations since.
    private static func current(_ trigger: String, on sql: any SQLDatabase) async throws -> String {
        let row = try await sql.raw("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = \(bind: trigger)").first()
        guard let row else { preconditionFailure("no trigger \(trigger) to hold") }
        return try row.decode(column: "sql", as: String.self)
    }
}

/// Holds the ledger's and the notifications' insert triggers for the rest of a write on
/// SQLite, and moves the numbers they would have moved once at its end (see
/// `HoldDataVersionTriggers`). A payday batch is the only user: it writes a ledger row and a
/// notification for each of its children, and runs alone in its transaction (a writer that
/// names no family, `GroupCommit.runSideBySide`), so nobody else's rows are written while held.
enum DataVersionHold {
    static func begin(on sql: any SQLDatabase) async throws {
        guard !sql.isPostgres else { return }
        try await sql.raw("INSERT INTO \(unsafeRaw: HoldDataVersionTriggers.table) (id) VALUES (1)").run()
    }

    /// Moves the numbers of `families`, shared ones included (a hook may have told a parent
    /// something), and lets the triggers run again. The children's own numbers are the
    /// caller's to move: a payday batch moves each child's with its balance
    /// (`PaydayBatch.credit`), in the statement that writes the child's row anyway.
    static func end(families: Set<UUID>, on sql: any SQLDatabase) async throws {
        guard !sql.isPostgres, !families.isEmpty else { return try await release(on: sql) }
        try await sql.raw(
            "UPDATE families SET data_version = data_version + 1, shared_version = shared_version + 1 WHERE id"
                + .isOneOf(Array(families), on: sql)
        ).run()
        try await release(on: sql)
    }

    private static func release(on sql: any SQLDatabase) async throws {
        guard !sql.isPostgres else { return }
        try await sql.raw("DELETE FROM \(unsafeRaw: HoldDataVersionTriggers.table)").run()
    }
}
