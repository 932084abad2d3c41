import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit
import Vapor

/// What one ledger entry says. Every balance change in the product is one of these.
struct LedgerPosting: Sendable {
    var childID: UUID
    var type: TransactionType
    var amount: Money
    var description: String
    var category: String? = nil
    var notes: String? = nil
    var createdBy: UUID?
    var at: Date
    /// A move between the main balance and the child's own goals: saved (or taken back out of
    /// savings), so the month's totals count it apart from money earned and spent.
    var movesSavings = false
}

/// Owns the ledger: posting entries (the only code that changes a balance) and reading them.
enum LedgerService {
    /// Posts one entry inside the caller's transaction: moves the cached balance with a
    /// conditional update (so concurrent debits cannot overdraw), writes the immutable row
    /// and adds it to the child's day totals. Returns the entry with its `balanceAfter`.
    static func post(_ posting: LedgerPosting, calendar: FamilyCalendar, on db: Database) async throws -> TransactionResponse {
        precondition(db.inTransaction, "a ledger entry is posted inside a transaction")
        guard posting.amount.isPositive else { throw AppError.validation("Amount must be greater than zero") }
        let sql = db.sql
        let change = posting.type.signed(posting.amount).cents
        struct Balance: Decodable { let balance_cents: Int64, last_entry_number: Int64 }
        // The child's row takes the entry's number with its balance (`NumberEntriesOnTheirOwners`),
        // and is locked by this transaction until it commits, so the number is ours alone.
        let updated = try await sql.raw(
            """
            UPDATE children SET balance_cents = balance_cents + \(bind: change), last_entry_number = last_entry_number + 1
            WHERE id = \(bind: posting.childID) AND balance_cents + \(bind: change) >= 0
            RETURNING balance_cents, last_entry_number
            """
        ).first(decoding: Balance.self)
        guard let updated else { throw try await refusal(for: posting, on: sql) }

        let id = UUID.timeOrdered()
        let entry: SQLQueryString = """
            INSERT INTO transactions (id, child_id, amount_cents, type, description, category, notes, balance_after_cents, created_by, created_at, entry_number)
            VALUES (\(bind: id), \(bind: posting.childID), \(bind: posting.amount.cents), \(bind: posting.type.rawValue), \(bind: posting.description),
                    \(bind: posting.category), \(bind: posting.notes), \(bind: updated.balance_cents), \(bind: posting.createdBy), \(bind: posting.at),
                    \(bind: updated.last_entry_number))
            """
        let (credit, debit, savedIn, savedOut) = posting.dayTotals
        let dayTotals: SQLQueryString =
            """
            INSERT INTO child_daily_totals (child_id, day, credits_cents, debits_cents, entry_count, saved_in_cents, saved_out_cents)
            VALUES (\(bind: posting.childID), \(bind: calendar.dayKey(posting.at)), \(bind: credit), \(bind: debit), 1, \(bind: savedIn), \(bind: savedOut))
            """ + addedToDayTotals
        if sql.isPostgres {
            // One round trip for both, as `postEach` does: PostgreSQL runs every insert of a
            // `WITH`, and the statement starts after the update above, so it sees every entry of
            // the child it locked. (SQLite has no `INSERT` in a `WITH`; its statements cost no
            // round trip.)
            try await sql.raw("WITH entry AS (" + entry + ") " + dayTotals).run()
        } else {
            try await sql.raw(entry).run()
            try await sql.raw(dayTotals).run()
        }
        db.metrics?.recordPostings(posting.type)

        return TransactionResponse(
            id: id, childId: posting.childID, amount: posting.amount, type: posting.type, description: posting.description,
            category: posting.category, notes: posting.notes, balanceAfter: Money(cents: updated.balance_cents),
            createdAt: posting.at, createdBy: posting.createdBy, createdByName: nil)
    }

    /// What a day's totals row takes from an entry already in it.
    private static let addedToDayTotals: SQLQueryString = """
         ON CONFLICT (child_id, day) DO UPDATE SET
            credits_cents = child_daily_totals.credits_cents + excluded.credits_cents,
            debits_cents = child_daily_totals.debits_cents + excluded.debits_cents,
            entry_count = child_daily_totals.entry_count + 1,
            saved_in_cents = child_daily_totals.saved_in_cents + excluded.saved_in_cents,
            saved_out_cents = child_daily_totals.saved_out_cents + excluded.saved_out_cents
        """

    /// Posts entries for different children inside a posting group's transaction, with
    /// two statements for all of them: the balances (each moved only if it stays at or above
    /// zero), then the ledger rows, the day totals and the notifications. What `post` does for
    /// one, for a group of postings (`PostingGroups`): on PostgreSQL each statement's own work
    /// (its plan, its executor, its `data_version` trigger) costs more than its rows, so a
    /// group's postings share them. `notifications` are those to store about the entries (nil
    /// where refused). Each posting's child must be of its `family`: the balances' update reads
    /// the children with it (their names and their family's zone, for the day totals and the
    /// notifications), so a group need not read them first. Returns each posting's entry and
    /// child in the order given, or nil for one refused (why: `refusal(for:inFamily:on:)`). The
    /// amounts were checked before (they are positive).
    static func postEach(
        _ postings: [(posting: LedgerPosting, family: UUID)], on sql: PostgresPipeline, metrics: ServerMetrics?,
        notifications: ([(entry: TransactionResponse, child: ChildRecord)?]) -> [NotificationBatch.Row] = { _ in [] }
    ) async throws -> [(entry: TransactionResponse, child: ChildRecord)?] {
        precondition(Set(postings.map(\.posting.childID)).count == postings.count, "one posting per child in a statement")
        precondition(postings.allSatisfy(\.posting.amount.isPositive), "amounts are checked before they are posted")
        guard !postings.isEmpty else { return [] }
        let changes = SQLRows(
            .ids(postings.map(\.posting.childID)), .integers(postings.map { $0.posting.type.signed($0.posting.amount).cents }),
            .ids(postings.map(\.family)))
        // The child's row as `FamilyDirectory` reads it (`c`, with its login `u` and family `f`),
        // after the update: its balance is the entry's balance after.
        let moved = try await sql.raw(
            "UPDATE children c SET balance_cents = c.balance_cents + v.column2, last_entry_number = c.last_entry_number + 1 FROM "
                + changes.table(on: sql)
                + ", users u, families f WHERE c.id = v.column1 AND c.family_id = v.column3 AND u.id = c.user_id AND f.id = c.family_id"
                + " AND c.balance_cents + v.column2 >= 0 RETURNING " + FamilyDirectory.columns() + ", c.last_entry_number"
        ).all()
        // Each child's row takes its entry's number with its balance, as `post` does.
        var children: [UUID: ChildRecord] = [:]
        var numbers: [UUID: Int64] = [:]
        for row in moved {
            let child = try FamilyDirectory.record(row)
            children[child.id] = child
            numbers[child.id] = try row.decode(column: "last_entry_number", as: Int64.self)
        }
        let entries = postings.map { posting, _ -> (entry: TransactionResponse, child: ChildRecord)? in
            children[posting.childID].map { child in
                let entry = TransactionResponse(
                    id: UUID.timeOrdered(), childId: posting.childID, amount: posting.amount, type: posting.type,
                    description: posting.description, category: posting.category, notes: posting.notes, balanceAfter: child.balance,
                    createdAt: posting.at, createdBy: posting.createdBy, createdByName: nil)
                return (entry, child)
            }
        }
        let posted = zip(postings, entries).compactMap { posting, entry in
            entry.map { (posting: posting.posting, calendar: $0.child.calendar, entry: $0.entry) }
        }
        guard !posted.isEmpty else { return entries }

        let rows = SQLRows(
            .ids(posted.map(\.entry.id)), .ids(posted.map(\.posting.childID)), .integers(posted.map(\.posting.amount.cents)),
            .texts(posted.map(\.posting.type.rawValue)), .texts(posted.map(\.posting.description)),
            .optionalTexts(posted.map(\.posting.category)), .optionalTexts(posted.map(\.posting.notes)),
            .integers(posted.map(\.entry.balanceAfter.cents)), .optionalIDs(posted.map(\.posting.createdBy)),
            .dates(posted.map(\.posting.at)), .integers(posted.map { numbers[$0.posting.childID]! }))
        let ledgerRows: SQLQueryString =
            """
            INSERT INTO transactions (id, child_id, amount_cents, type, description, category, notes, balance_after_cents, created_by, created_at, entry_number)
            SELECT v.column1, v.column2, v.column3, v.column4, v.column5, v.column6, v.column7, v.column8, v.column9, v.column10, v.column11
            FROM
            """ + rows.table(on: sql)

        let totals = posted.map(\.posting.dayTotals)
        let days = SQLRows(
            .ids(posted.map(\.posting.childID)), .texts(posted.map { $0.calendar.dayKey($0.posting.at) }), .integers(totals.map(\.credit)),
            .integers(totals.map(\.debit)), .integers(totals.map(\.savedIn)), .integers(totals.map(\.savedOut)))
        let dayTotals: SQLQueryString =
            """
            INSERT INTO child_daily_totals (child_id, day, credits_cents, debits_cents, entry_count, saved_in_cents, saved_out_cents)
            SELECT v.column1, v.column2, v.column3, v.column4, 1, v.column5, v.column6 FROM
            """ + days.table(on: sql) + " WHERE true" + addedToDayTotals
        // One statement for the rest: PostgreSQL runs every insert of a `WITH`. It starts after
        // the update above, so it sees every entry of the children it locked. Sent without
        // waiting for its answer, which the group's next statement or its commit waits for.
        // (Notifications beyond one statement's share, which a group's size makes unlikely,
        // follow on their own.)
        let told = notifications(entries)
        let together = told.prefix(NotificationBatch.rowsPerStatement)
        let last = together.isEmpty ? "SELECT 1" : NotificationBatch.insert(together, on: sql)
        let rest: SQLQueryString = "WITH entries AS (" + ledgerRows + "), totals AS (" + dayTotals + ") " + last
        try await sql.send(rest)
        try await NotificationBatch.store(Array(told.dropFirst(together.count)), on: sql)
        for (posting, _, _) in posted { metrics?.recordPostings(posting.type) }
        return entries
    }

    /// Why a conditional update matched no row: the child is gone (or not of `familyID`, when
    /// given), or the money is short.
    static func refusal(for posting: LedgerPosting, inFamily familyID: UUID? = nil, on sql: SQLDatabase) async throws -> AppError {
        struct Row: Decodable {
            let balance_cents: Int64
            let first_name: String
            let family_id: UUID
        }
        let row = try await sql.raw(
            """
            SELECT children.balance_cents, users.first_name, children.family_id FROM children JOIN users ON users.id = children.user_id
            WHERE children.id = \(bind: posting.childID)
            """
        ).first(decoding: Row.self)
        guard let row else { return .notFound("Child") }
        if let familyID, row.family_id != familyID { return .notFound("Child") }
        return AppError(
            .unprocessableEntity, .insufficientBalance,
            "Insufficient balance: \(row.first_name) has \(Money(cents: row.balance_cents).formatted)")
    }
}

extension LedgerPosting {
    /// What the entry adds to its child's day totals, in cents.
    var dayTotals: (credit: Int64, debit: Int64, savedIn: Int64, savedOut: Int64) {
        let credit = type == .credit ? amount.cents : 0
        let debit = type == .debit ? amount.cents : 0
        return (credit, debit, movesSavings ? debit : 0, movesSavings ? credit : 0)
    }
}

// MARK: - Reading

/// Filters of a transaction list (all optional).
struct LedgerFilter: Sendable {
    var type: TransactionType?
    var search: String?
    var from: Date?
    var to: Date?
    var limit: Int = 20
    var offset: Int = 0
    /// Only entries numbered up to this one (an export's pages, `LedgerService.lastEntryNumber`):
    /// the rows its offsets count then stay the same while others are posted.
    var throughEntry: Int64?
}

extension LedgerService {
    private struct Row {
        let id: UUID, child_id: UUID, amount_cents: Int64, type: String, description: String
        let category: String?, notes: String?, balance_after_cents: Int64, created_by: UUID?, created_at: Date
        let creator_first: String?, creator_last: String?

        /// Read column by column rather than through `Decodable`: every list and dashboard reads
        /// these, and the keyed decoding containers cost more than the columns themselves.
        init(_ row: any SQLRow) throws {
            id = try row.decode(column: "id", as: UUID.self)
            child_id = try row.decode(column: "child_id", as: UUID.self)
            amount_cents = try row.decode(column: "amount_cents", as: Int64.self)
            type = try row.decode(column: "type", as: String.self)
            description = try row.decode(column: "description", as: String.self)
            category = try row.decode(column: "category", as: String?.self)
            notes = try row.decode(column: "notes", as: String?.self)
            balance_after_cents = try row.decode(column: "balance_after_cents", as: Int64.self)
            created_by = try row.decode(column: "created_by", as: UUID?.self)
            created_at = try row.decode(column: "created_at", as: Date.self)
            creator_first = try row.decode(column: "creator_first", as: String?.self)
            creator_last = try row.decode(column: "creator_last", as: String?.self)
        }

        var response: TransactionResponse {
            TransactionResponse(
                id: id, childId: child_id, amount: Money(cents: amount_cents), type: TransactionType(rawValue: type) ?? .credit,
                description: description, category: category, notes: notes, balanceAfter: Money(cents: balance_after_cents),
                createdAt: created_at, createdBy: created_by,
                createdByName: creator_first.map { first in [first, creator_last ?? ""].joined(separator: " ") })
        }
    }

    private static let selectColumns: SQLQueryString = """
        SELECT t.id, t.child_id, t.amount_cents, t.type, t.description, t.category, t.notes, t.balance_after_cents,
               t.created_by, t.created_at, u.first_name AS creator_first, u.last_name AS creator_last
        FROM transactions t LEFT JOIN users u ON u.id = t.created_by
        """

    /// The number of a child's latest entry (0 when there is none). Entries are numbered in the
    /// order they are posted, whatever their dates (a payday caught up after downtime is dated
    /// when it was due), so the entries up to it are those posted until now.
    static func lastEntryNumber(of childID: UUID, on sql: SQLDatabase) async throws -> Int64 {
        struct Row: Decodable { let last_entry_number: Int64 }
        let row = try await sql.raw("SELECT last_entry_number FROM children WHERE id = \(bind: childID)").first(decoding: Row.self)
        return row?.last_entry_number ?? 0
    }

    /// One page of a child's entries, newest first. Fetches one row more than asked to know
    /// whether another page follows, without counting a ledger that may be millions long.
    static func list(childID: UUID, filter: LedgerFilter, on sql: SQLDatabase) async throws -> TransactionListResponse {
        var query = selectColumns
        query.appendInterpolation(unsafeRaw: " WHERE t.child_id = ")
        query.appendInterpolation(bind: childID)
        if let type = filter.type {
            query.appendInterpolation(unsafeRaw: " AND t.type = ")
            query.appendInterpolation(bind: type.rawValue)
        }
        if let search = filter.search?.trimmingCharacters(in: .whitespaces), !search.isEmpty {
            let pattern =
                "%"
                + search.lowercased().replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_") + "%"
            query.appendInterpolation(unsafeRaw: " AND (LOWER(t.description) LIKE ")
            query.appendInterpolation(bind: pattern)
            query.appendInterpolation(unsafeRaw: " ESCAPE '\\' OR LOWER(COALESCE(t.notes, '')) LIKE ")
            query.appendInterpolation(bind: pattern)
            query.appendInterpolation(unsafeRaw: " ESCAPE '\\' OR LOWER(COALESCE(t.category, '')) LIKE ")
            query.appendInterpolation(bind: pattern)
            query.appendInterpolation(unsafeRaw: " ESCAPE '\\')")
        }
        if let from = filter.from {
            query.appendInterpolation(unsafeRaw: " AND t.created_at >= ")
            query.appendInterpolation(bind: from)
        }
        if let to = filter.to {
            query.appendInterpolation(unsafeRaw: " AND t.created_at < ")
            query.appendInterpolation(bind: to)
        }
        if let throughEntry = filter.throughEntry {
            query.appendInterpolation(unsafeRaw: " AND t.entry_number <= ")
            query.appendInterpolation(bind: throughEntry)
        }
        query.appendInterpolation(
            unsafeRaw: " ORDER BY t.created_at DESC, t.entry_number DESC LIMIT \(filter.limit + 1) OFFSET \(filter.offset)")
        let rows = try await sql.raw(query).all().map(Row.init)
        return TransactionListResponse(
            transactions: rows.prefix(filter.limit).map(\.response), limit: filter.limit, offset: filter.offset,
            hasMore: rows.count > filter.limit)
    }

    /// The newest entries of a child, for dashboards.
    static func recent(childID: UUID, count: Int, on sql: SQLDatabase) async throws -> [TransactionResponse] {
        try await list(childID: childID, filter: LedgerFilter(limit: count), on: sql).transactions
    }

    /// One entry with the family it belongs to (for the authorization check).
    static func entry(id: UUID, on sql: SQLDatabase) async throws -> TransactionResponse? {
        var query = selectColumns
        query.appendInterpolation(unsafeRaw: " WHERE t.id = ")
        query.appendInterpolation(bind: id)
        return try await sql.raw(query).first().map(Row.init)?.response
    }
}
