import Fluent
import SQLKit

/// `NarrowDataVersionTriggers`' rule on PostgreSQL: a balance, a goal's saved amount, a day's
/// totals and a contribution row that names its ledger row only ever change beside a row of
/// the same child, in the same transaction, whose own trigger already notes the child. So they
/// note nothing themselves.
///
/// PostgreSQL's triggers run once per statement (`AddDataVersionOnPostgres`), and a posting
/// ran five: its balance, its ledger row, its day's totals (an insert that may update, which
/// fires both), its notification. A `WHEN` is only for row triggers, so the three narrowed
/// tables' triggers become row triggers: a row their condition lets through notes its child
/// as the statement trigger did, and a row it does not costs no call. The day totals' triggers
/// are dropped. A posting now runs two statement triggers, a contribution one instead of six.
///
/// Measured on the bench's mixed database, alternating builds three times, 32 connections:
/// postings 648-779 a second before, 796-827 after, at 1.34-1.59 ms of PostgreSQL's CPU each
/// before and 1.20-1.24 after; contributions 512-577 a second before, 550-632 after.
struct NarrowDataVersionTriggersOnPostgres: AsyncMigration {
    func prepare(on database: Database) async throws {
        let sql = database.sql
        guard sql.isPostgres else { return }
        for statement in Self.statements { try await sql.raw(SQLQueryString(statement)).run() }
    }

    func revert(on database: Database) async throws {
        let sql = database.sql
        guard sql.isPostgres else { return }
        for narrowed in NarrowDataVersionTriggers.narrowed {
            try await sql.raw("DROP TRIGGER IF EXISTS \(unsafeRaw: narrowed.trigger) ON \(unsafeRaw: narrowed.table)").run()
            try await sql.raw("DROP FUNCTION IF EXISTS \(unsafeRaw: Self.rowFunction(of: narrowed))()").run()
            let trigger = AddDataVersionOnPostgres.statementTrigger(table: narrowed.table, event: narrowed.event)
            try await sql.raw(SQLQueryString(trigger)).run()
        }
        for table in NarrowDataVersionTriggers.untriggered {
            for event in AddFamilyDataVersion.events {
                try await sql.raw(SQLQueryString(AddDataVersionOnPostgres.statementTrigger(table: table, event: event))).run()
            }
        }
    }

    static var statements: [String] {
        var statements: [String] = []
        for narrowed in NarrowDataVersionTriggers.narrowed {
            let owner = AddFamilyDataVersion.owner(of: narrowed.table)
            // The row stands in for the statement's transition table: the same notes, of one row.
            let function = AddDataVersionOnPostgres.noteFunction(table: narrowed.table, name: rowFunction(of: narrowed)) { rows, event in
                let row = rows == "old_rows" ? "(SELECT OLD.*)" : "(SELECT NEW.*)"
                return AddChildDataVersion.postgresNotes(table: narrowed.table, owner: owner, rows: row, event: event)
            }
            statements += [
                function,
                "DROP TRIGGER IF EXISTS \(narrowed.trigger) ON \(narrowed.table)",
                """
                CREATE TRIGGER \(narrowed.trigger) AFTER \(narrowed.event) ON \(narrowed.table) FOR EACH ROW
                WHEN (\(narrowed.condition.sql(postgres: true))) EXECUTE FUNCTION \(rowFunction(of: narrowed))()
                """,
            ]
        }
        for table in NarrowDataVersionTriggers.untriggered {
            statements += AddFamilyDataVersion.names(ofTriggersOn: table).map { "DROP TRIGGER IF EXISTS \($0) ON \(table)" }
        }
        return statements
    }

    private static func rowFunction(of narrowed: NarrowDataVersionTriggers.Narrowed) -> String {
        "data_version_\(narrowed.table)_row"
    }
}
