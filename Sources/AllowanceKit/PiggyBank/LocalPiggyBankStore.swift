import AllowanceCore
import Foundation
import GRDB

/// The piggy bank without an account: a SQLite file on the device. On first open it holds
/// Kai and Freya with $100 each (piggy-bank.md); every change is a row of `entry`, and a
/// balance is the last row's `balanceAfterCents`, checked by AllowanceCore's ledger rule.
public final class LocalPiggyBankStore: PiggyBankStore {
    private let queue: DatabaseQueue
    private let now: @Sendable () -> Date

    /// The names and opening balances of a first launch.
    public static let firstLaunch: [(name: String, opening: Money)] = [("Kai", Money(cents: 100_00)), ("Freya", Money(cents: 100_00))]

    /// Opens (or makes) the file at `path`.
    public init(path: String, now: @escaping @Sendable () -> Date = { Date() }) throws {
        queue = try DatabaseQueue(path: path)
        self.now = now
        try Self.migrator.migrate(queue)
        try seedOnFirstLaunch()
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE tally (id TEXT PRIMARY KEY, name TEXT NOT NULL, createdAt DOUBLE NOT NULL);
                    CREATE TABLE entry (
                        id TEXT PRIMARY KEY, tallyId TEXT NOT NULL REFERENCES tally(id) ON DELETE CASCADE,
                        type TEXT NOT NULL, amountCents INTEGER NOT NULL CHECK (amountCents > 0), note TEXT,
                        createdAt DOUBLE NOT NULL, balanceAfterCents INTEGER NOT NULL CHECK (balanceAfterCents >= 0));
                    CREATE INDEX entry_by_tally ON entry(tallyId, createdAt);
                    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                    """)
        }
        return migrator
    }

    /// Only once per file: deleting Kai must not bring Kai back on the next launch.
    private func seedOnFirstLaunch() throws {
        try queue.write { db in
            guard try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'seeded'") == nil else { return }
            for tally in Self.firstLaunch { _ = try insertTally(db, name: tally.name, opening: tally.opening) }
            try db.execute(sql: "INSERT INTO meta (key, value) VALUES ('seeded', 'yes')")
        }
    }

    public func tallies() async throws -> [Tally] {
        try await queue.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT t.id, t.name, COALESCE((SELECT balanceAfterCents FROM entry e WHERE e.tallyId = t.id
                        ORDER BY e.createdAt DESC, e.rowid DESC LIMIT 1), 0) AS balance
                    FROM tally t ORDER BY t.name COLLATE NOCASE, t.createdAt
                    """
            ).map(Self.tally)
        }
    }

    public func history(of tallyId: UUID) async throws -> [TallyEntry] {
        try await queue.read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM entry WHERE tallyId = ? ORDER BY createdAt DESC, rowid DESC", arguments: [tallyId.uuidString]
            ).map(Self.entry)
        }
    }

    public func addTally(name: String, opening: Money) async throws -> Tally {
        try await queue.write { db in try self.insertTally(db, name: name, opening: opening) }
    }

    public func record(_ type: TransactionType, _ amount: Money, note: String?, on tallyId: UUID, key: String) async throws -> Tally {
        try await queue.write { db in
            // The key is the row's id: a repeated attempt finds its row and moves nothing.
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM entry WHERE id = ?", arguments: [key]) == true {
                return try self.tally(db, tallyId)
            }
            let current = try self.tally(db, tallyId)
            let after: Money
            do {
                after = try AllowanceCore.balance(current.balance, after: type, of: amount)
            } catch LedgerRuleError.amountNotPositive {
                throw PiggyBankError.amountNotPositive
            } catch LedgerRuleError.insufficientBalance(let available) {
                throw PiggyBankError.insufficientBalance(name: current.name, available: available)
            }
            try self.insertEntry(db, id: key, tallyId: tallyId, type: type, amount: amount, note: note, balanceAfter: after)
            return Tally(id: tallyId, name: current.name, balance: after)
        }
    }

    public func rename(_ tallyId: UUID, to name: String) async throws -> Tally {
        try await queue.write { db in
            try db.execute(sql: "UPDATE tally SET name = ? WHERE id = ?", arguments: [name, tallyId.uuidString])
            guard db.changesCount > 0 else { throw PiggyBankError.notFound }
            return try self.tally(db, tallyId)
        }
    }

    public func delete(_ tallyId: UUID) async throws {
        try await queue.write { db in
            try db.execute(sql: "DELETE FROM entry WHERE tallyId = ?", arguments: [tallyId.uuidString])
            try db.execute(sql: "DELETE FROM tally WHERE id = ?", arguments: [tallyId.uuidString])
        }
    }

    /// Every tally's history oldest first, for moving the piggy bank into a family account.
    public func everything() async throws -> [(tally: Tally, history: [TallyEntry])] {
        var all: [(Tally, [TallyEntry])] = []
        for tally in try await tallies() { all.append((tally, try await history(of: tally.id).reversed())) }
        return all
    }

    // MARK: - Rows

    private func insertTally(_ db: Database, name: String, opening: Money) throws -> Tally {
        let id = UUID()
        try db.execute(
            sql: "INSERT INTO tally (id, name, createdAt) VALUES (?, ?, ?)",
            arguments: [id.uuidString, name, now().timeIntervalSince1970])
        if opening.isPositive {
            try insertEntry(
                db, id: UUID().uuidString, tallyId: id, type: .credit, amount: opening, note: "Starting balance", balanceAfter: opening)
        }
        return Tally(id: id, name: name, balance: opening.isPositive ? opening : .zero)
    }

    private func insertEntry(
        _ db: Database, id: String, tallyId: UUID, type: TransactionType, amount: Money, note: String?, balanceAfter: Money
    ) throws {
        try db.execute(
            sql: "INSERT INTO entry (id, tallyId, type, amountCents, note, createdAt, balanceAfterCents) VALUES (?, ?, ?, ?, ?, ?, ?)",
            arguments: [
                id, tallyId.uuidString, type.rawValue, amount.cents, note, now().timeIntervalSince1970, balanceAfter.cents,
            ])
    }

    private func tally(_ db: Database, _ tallyId: UUID) throws -> Tally {
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT t.id, t.name, COALESCE((SELECT balanceAfterCents FROM entry e WHERE e.tallyId = t.id
                        ORDER BY e.createdAt DESC, e.rowid DESC LIMIT 1), 0) AS balance
                    FROM tally t WHERE t.id = ?
                    """, arguments: [tallyId.uuidString])
        else { throw PiggyBankError.notFound }
        return Self.tally(row)
    }

    private static func tally(_ row: Row) -> Tally {
        Tally(id: UUID(uuidString: row["id"]) ?? UUID(), name: row["name"], balance: Money(cents: row["balance"]))
    }

    private static func entry(_ row: Row) -> TallyEntry {
        TallyEntry(
            id: UUID(uuidString: row["id"]) ?? UUID(), type: TransactionType(rawValue: row["type"]) ?? .credit,
            amount: Money(cents: row["amountCents"]), note: row["note"], date: Date(timeIntervalSince1970: row["createdAt"]),
            balanceAfter: Money(cents: row["balanceAfterCents"]))
    }
}
