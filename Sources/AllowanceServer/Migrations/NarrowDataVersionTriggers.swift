import Fluent
import SQLKit

/// Fewer trigger runs per posting on SQLite, where a trigger runs its two statements (the
/// family's number, the child's) once for every row it sees.
///
/// Four changes only ever happen beside a row of the same child, in the same transaction,
/// whose own trigger already moves both numbers:
/// - a child's balance (`LedgerService.post`, paydays): every balance change is a ledger row;
/// - a goal's saved amount (`GoalRows`): every change is a contribution row;
/// - a day's totals (`LedgerService.post`, paydays): they add up the ledger's rows of that day;
/// - a contribution row that names its ledger row (`source_transaction_id`: a deposit, a
///   withdrawal, a purchase), which `GoalMoneyService` posts just before it. A gift or a
///   match names none, and still moves the numbers itself.
///
/// So the children's and the goals' update triggers skip an update that moved the balance or
/// the amount (anything else changed with it is covered by the other row's move), the
/// contributions' insert trigger skips a row that names its ledger row, and the day totals
/// have no triggers. Counted by how far one request moves its family's number: a posting ran
/// four triggers (its ledger row, the balance, the day's totals, the child's notification)
/// and runs two; a contribution five, now one; a quick-add template's use five, now three; a
/// payday's batch half as many. Measured on the bench's mixed database, alternating builds
/// three times: a posting at a steady 1,150 a second took 0.88-0.92 ms of the server's CPU
/// before, 0.77-0.90 after; a payday over 10,000 children 1.33-1.42 s before, 1.15-1.29 s
/// after. Contributions (with the contribution rows' rule) moved within the noise: 1.12-1.24
/// ms of CPU each at a steady 950 a second both ways, 2,131-2,167 req/s before and 2,040-2,406
/// after at 32 connections.
///
/// A change made by hand to a balance, an amount or a day's totals alone breaks the ledger's
/// rules anyway (`verify` reports it); it no longer ends kept answers either.
/// PostgreSQL's triggers run once per statement; `NarrowDataVersionTriggersOnPostgres` applies
/// the same rule there.
struct NarrowDataVersionTriggers: AsyncMigration {
    /// A trigger that now skips some rows: it runs only for a row that meets `condition`.
    struct Narrowed {
        let table: String
        /// `INSERT` or `UPDATE`.
        let event: String
        let condition: Condition
        var trigger: String { AddFamilyDataVersion.triggerName(table, event) }
    }

    enum Condition {
        /// The row kept the column's value.
        case unchanged(String)
        /// The new row has no value in the column.
        case null(String)
        /// No payday batch holds the trigger (`HoldDataVersionTriggers`; SQLite only).
        case notHeld

        func sql(postgres: Bool) -> String {
            switch self {
            case .unchanged(let column):
                postgres ? "OLD.\(column) IS NOT DISTINCT FROM NEW.\(column)" : "OLD.\(column) IS NEW.\(column)"
            case .null(let column): "NEW.\(column) IS NULL"
            case .notHeld: "NOT EXISTS (SELECT 1 FROM \(HoldDataVersionTriggers.table))"
            }
        }
    }

    static let narrowed = [
        Narrowed(table: "children", event: "UPDATE", condition: .unchanged("balance_cents")),
        Narrowed(table: "savings_goals", event: "UPDATE", condition: .unchanged("current_amount_cents")),
        Narrowed(table: "savings_contributions", event: "INSERT", condition: .null("source_transaction_id")),
    ]

    /// Watched tables (`AddFamilyDataVersion.watched`) whose triggers are dropped: the day totals.
    static let untriggered = ["child_daily_totals"]

    static var dropped: [String] {
        untriggered.flatMap(AddFamilyDataVersion.names(ofTriggersOn:))
    }

    func prepare(on database: Database) async throws {
        let sql = database.sql
        guard !sql.isPostgres else { return }
        for narrowed in Self.narrowed { try await Self.replace(narrowed, original: Self.original(narrowed.trigger), on: sql) }
        for name in Self.dropped { try await sql.raw("DROP TRIGGER IF EXISTS \(unsafeRaw: name)").run() }
    }

    func revert(on database: Database) async throws {
        let sql = database.sql
        guard !sql.isPostgres else { return }
        let names = Self.narrowed.map(\.trigger)
        for name in names { try await sql.raw("DROP TRIGGER IF EXISTS \(unsafeRaw: name)").run() }
        for name in names + Self.dropped { try await sql.raw(SQLQueryString(Self.original(name))).run() }
    }

    /// Makes the trigger `original` (an SQLite `CREATE TRIGGER` as `AddFamilyDataVersion.triggers`
    /// makes them) again, now running only for a row that meets `narrowed`'s condition.
    static func replace(_ narrowed: Narrowed, original: String, on sql: any SQLDatabase) async throws {
        let (name, table) = (narrowed.trigger, narrowed.table)
        let skipping = original.replacingOccurrences(
            of: "ON \(table)\nBEGIN ", with: "ON \(table)\nWHEN \(narrowed.condition.sql(postgres: false)) BEGIN ")
        precondition(skipping != original, "\(name) is not shaped as AddFamilyDataVersion.triggers makes them")
        try await sql.raw("DROP TRIGGER IF EXISTS \(unsafeRaw: name)").run()
        try await sql.raw(SQLQueryString(skipping)).run()
    }

    /// `AddChildDataVersion`'s trigger of that name, as it made it.
    private static func original(_ name: String) -> String {
        AddFamilyDataVersion.statement(creating: name, in: AddChildDataVersion.triggers)
    }
}
