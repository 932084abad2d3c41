import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit

/// Many children's paydays in a few statements. Paying one child at a time costs about ten
/// statements each; over 10,000 children that is most of a payday run. A batch does the same
/// work for up to `size` children, one payday each, with one statement per step: claim and
/// credit together on the children's rows (`PaydayClaims`; on SQLite with the children's
/// numbers), ledger rows, day totals, notifications (hooks run only for the children they
/// concern), and on SQLite one move of the families' numbers for all of them
/// (`DataVersionHold`) in place of the triggers' two statements per row. The caller runs it
/// inside a transaction, so a batch is paid whole or not at all; `PaydayService` then pays
/// that batch's children one by one to find the failing one.
enum PaydayBatch {
    /// Children per batch on SQLite: well under SQLite's limit on bound values per statement
    /// (32,766) at 7 values a row (a notification's); PostgreSQL binds one array per column
    /// (`SQLRows`). A batch holds SQLite's one writer for about 0.1 s here, which API writes
    /// then wait out. A 10,000-child payday took 0.77 s in batches of 500, 0.58 s in batches of
    /// 2,000, and as long in batches of 4,000 (same build otherwise, two runs each).
    static let size = 2000

    /// Children per batch on PostgreSQL, where `PaydayService.batchesAtOnce` are paid at once:
    /// 10,000 children make ten, so both connections stay busy to the end of the run rather than
    /// one paying the fifth batch of 2,000 alone (a median of 1.22 s against 1.37, five runs each).
    static let sizeOnPostgres = 1000

    static func size(on sql: any SQLDatabase) -> Int { sql.isPostgres ? sizeOnPostgres : size }

    /// One payday owed to one child.
    struct Due: Sendable {
        let child: PaydayService.OwedChild
        let payday: Date
        /// The local date, the claim's and the day totals' key.
        let day: String
    }

    /// Pays `dues` (at most one per child) in `db`'s transaction. Returns the paydays paid
    /// with the amount each: a payday another run claimed first, or whose allowance was paused
    /// or set to zero since the list was read, is left out.
    static func pay(_ dues: [Due], hooks: [PaydayHooks.Registration], in context: ServiceContext, on db: any Database) async throws
        -> [(due: Due, allowance: Money)]
    {
        precondition(db.inTransaction, "a payday batch is paid inside a transaction")
        guard !dues.isEmpty else { return [] }
        let sql = db.sql
        try await makeRoom(on: sql)
        try await DataVersionHold.begin(on: sql)
        let paid = try await payClaimed(dues, hooks: hooks, in: context, on: db)
        try await DataVersionHold.end(families: Set(paid.map(\.due.child.family_id)), on: sql)
        try await giveBackRoom(on: sql)
        return paid
    }

    private static func payClaimed(_ dues: [Due], hooks: [PaydayHooks.Registration], in context: ServiceContext, on db: any Database)
        async throws -> [(due: Due, allowance: Money)]
    {
        let sql = db.sql
        let credited = try await claimAndCredit(dues, on: sql)
        let paid = dues.compactMap { due in credited[due.child.id].map { (due: due, credit: $0) } }
        guard !paid.isEmpty else { return [] }
        try await insertLedgerRows(paid, on: sql)
        db.metrics?.recordPostings(.credit, count: paid.count)
        try await addDayTotals(paid, on: sql)
        for hook in hooks {
            let concerned = try await hook.concerns(paid.map(\.due.child.id), sql)
            for (due, credit) in paid where concerned.contains(due.child.id) {
                let payday = PaydayContext(
                    childID: due.child.id, familyID: due.child.family_id, allowance: credit.allowance, paidAt: due.payday,
                    calendar: due.child.calendar)
                try await hook.run(payday, context.within(db))
            }
        }
        try await notify(paid, on: sql)
        return paid.map { (due: $0.due, allowance: $0.credit.allowance) }
    }

    /// A batch changes a few megabytes of pages. With SQLite's default 2 MB page cache it wrote
    /// them to the WAL twice (spilled in the middle of the transaction, then again at its
    /// commit), and each statement's journal (kept in case the statement fails halfway) went to
    /// a temporary file once it passed 64 KB: 5 % of a payday here (1.34 s to 1.27 s). So the writer's
    /// connection gets a 16 MB cache for the batch and keeps statement journals in memory.
    private static func makeRoom(on sql: any SQLDatabase) async throws {
        guard !sql.isPostgres else { return }
        try await sql.raw("PRAGMA temp_store = MEMORY").run()
        try await sql.raw("PRAGMA cache_size = -16000").run()
    }

    /// Back to SQLite's default cache (2 MB), which frees the rest: the connection stays open.
    private static func giveBackRoom(on sql: any SQLDatabase) async throws {
        guard !sql.isPostgres else { return }
        try await sql.raw("PRAGMA cache_size = -2000").run()
    }

    private struct Credit {
        let allowance: Money
        let balanceAfter: Money
        /// The entry's number, taken by the child's row with the balance (`NumberEntriesOnTheirOwners`).
        let entryNumber: Int64
    }

    /// Claims each child's payday on the child's row and credits the allowance as it stands now
    /// (`PaydayClaims`): a payday another run took first, or a paused or zero allowance, is
    /// neither claimed nor credited. On SQLite the child's number moves with the balance
    /// (`DataVersionHold` holds the triggers that would have moved it): a statement of its own
    /// for it was 3 % of a payday.
    private static func claimAndCredit(_ dues: [Due], on sql: any SQLDatabase) async throws -> [UUID: Credit] {
        try await PaydayClaims.lockInOrder(dues.map(\.child.id), on: sql)
        let rows = SQLRows(.ids(dues.map(\.child.id)), .texts(dues.map(\.day)), .dates(dues.map(\.payday)))
        let number = sql.isPostgres ? "" : ", data_version = data_version + 1"
        // Rows are read column by column here and below: keyed decoding cost more than the columns.
        let credited = try await sql.raw(
            "UPDATE children SET balance_cents = balance_cents + weekly_allowance_cents, last_entry_number = last_entry_number + 1,"
                + " " + PaydayClaims.take(day: "v.column2", at: "v.column3") + "\(unsafeRaw: number) FROM " + rows.table(on: sql)
                + " WHERE children.id = v.column1 AND " + PaydayClaims.isOpen(day: "v.column2") + " AND " + PaydayClaims.isRunning
                + " RETURNING children.id, balance_cents, weekly_allowance_cents, last_entry_number"
        ).all()
        return Dictionary(
            uniqueKeysWithValues: try credited.map { row in
                let credit = Credit(
                    allowance: Money(cents: try row.decode(column: "weekly_allowance_cents", as: Int64.self)),
                    balanceAfter: Money(cents: try row.decode(column: "balance_cents", as: Int64.self)),
                    entryNumber: try row.decode(column: "last_entry_number", as: Int64.self))
                return (try row.decode(column: "id", as: UUID.self), credit)
            })
    }

    /// The ledger rows, each with the number its child's row took with the credit (locked by it
    /// until the batch commits, and a batch pays each child once, so the number is ours alone).
    private static func insertLedgerRows(_ paid: [(due: Due, credit: Credit)], on sql: any SQLDatabase) async throws {
        let rows = SQLRows(
            .ids(UUID.timeOrdered(count: paid.count)), .ids(paid.map(\.due.child.id)), .integers(paid.map(\.credit.allowance.cents)),
            .integers(paid.map(\.credit.balanceAfter.cents)), .dates(paid.map(\.due.payday)), .integers(paid.map(\.credit.entryNumber)))
        try await sql.raw(
            """
            INSERT INTO transactions (id, child_id, amount_cents, type, description, category, balance_after_cents, created_at, entry_number)
            SELECT v.column1, v.column2, v.column3, \(bind: TransactionType.credit.rawValue), \(bind: PaydayService.description),
                   \(bind: PaydayService.category), v.column4, v.column5, v.column6
            FROM
            """ + rows.table(on: sql)
        ).run()
    }

    /// The same day totals `LedgerService.post` keeps, one row per child and day.
    private static func addDayTotals(_ paid: [(due: Due, credit: Credit)], on sql: any SQLDatabase) async throws {
        let rows = SQLRows(.ids(paid.map(\.due.child.id)), .texts(paid.map(\.due.day)), .integers(paid.map(\.credit.allowance.cents)))
        try await sql.raw(
            "INSERT INTO child_daily_totals (child_id, day, credits_cents, debits_cents, entry_count, saved_in_cents, saved_out_cents)"
                + " SELECT v.column1, v.column2, v.column3, 0, 1, 0, 0 FROM " + rows.table(on: sql)
                    + """
                     WHERE true ON CONFLICT (child_id, day) DO UPDATE SET
                        credits_cents = child_daily_totals.credits_cents + excluded.credits_cents,
                        entry_count = child_daily_totals.entry_count + 1
                    """
        ).run()
    }

    /// "Allowance day" for each child who has not turned those notifications off.
    private static func notify(_ paid: [(due: Due, credit: Credit)], on sql: any SQLDatabase) async throws {
        let rows = zip(paid, UUID.timeOrdered(count: paid.count)).map { paid, id in
            let message = PaydayService.notification(for: paid.credit.allowance)
            return NotificationBatch.Row(
                id: id, paid.due.child.user_id, type: .allowance, title: message.title, message: message.body, childID: paid.due.child.id,
                at: paid.due.payday)
        }
        try await NotificationBatch.store(rows, on: sql)
    }
}
