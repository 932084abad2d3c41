import Fluent
import FluentSQLiteDriver
import Foundation
import SQLKit

/// SQLite's writers, committed in groups. SQLite has one writer at a time and each commit
/// waits for the disk, so writers that queue while one commit is being flushed are run
/// together in the next database transaction, and all of them are answered after its one
/// flush: a 2xx still means on disk, yet a hundred postings share a flush instead of taking
/// turns for one each.
///
/// A group first runs without savepoints, since nearly every writer succeeds and a savepoint
/// costs two more statements per writer; the writers' notifications are
/// stored together after the last one (`NotificationBatch`). Writers that name their family run
/// side by side then, each family's in turn (`runSideBySide`). If a writer fails, that
/// transaction is rolled back and the group runs again with a savepoint for each writer: the
/// one that failed rolls back to its savepoint and gets its error, and the others still commit.
///
/// Groups run one after another on one connection kept for writing, on its own thread
/// (`SQLiteWriter`), so the readers' connections never wait behind a group; the writers wait
/// in a `GroupQueue`.
final class GroupCommit: Sendable {
    /// A writer's work, and the family whose rows it changes when it says so.
    struct Work: Sendable {
        let run: @Sendable (SQLiteWriterDatabase) async throws -> any Sendable
        let family: UUID?
    }

    private struct Writer {
        let work: Work
        let answer: CheckedContinuation<any Sendable, any Error>
    }

    /// The most writers one transaction takes; the rest go in the next.
    static let largestGroup = 128
    /// About ten seconds of waiting on a file another process holds before a group gives up
    /// (each attempt waits a little longer, up to 205 ms).
    static let busyAttempts = 200

    private let writer: SQLiteWriter
    private let queue = GroupQueue<Writer>(largestGroup: GroupCommit.largestGroup)
    /// Transactions run since start (the tests read it).
    var groups: Int { queue.groups }
    /// Writers queued for the next group (the tests read it).
    var waiting: Int { queue.waiting }

    init(writer: SQLiteWriter) { self.writer = writer }

    /// Runs `work` in the next group's transaction and returns its result once that group is
    /// on disk; throws what `work` threw (its changes undone) or why the commit failed. A
    /// writer that changes only rows of one family names it as `family`, and may then run
    /// beside other families'. Its statements are logged with `logger` (the caller's, which
    /// carries its request's id).
    func run<T: Sendable>(
        family: UUID? = nil, logger: Logger, _ work: @escaping @Sendable (any Database) async throws -> T
    ) async throws -> T {
        let result = try await withCheckedThrowingContinuation { answer in
            let run: @Sendable (SQLiteWriterDatabase) async throws -> any Sendable = { try await work($0.withLogger(logger)) }
            if queue.add(Writer(work: Work(run: run, family: family), answer: answer)) {
                Task(executorPreference: writer.executor) { await self.commitQueued() }
            }
        }
        // The continuation only ever receives what this caller's own work returned.
        return result as! T
    }

    private func commitQueued() async {
        while let group = queue.next() {
            // Writers arriving while this group commits queue up for the next one.
            let results = await Self.commit(group.map(\.work), on: writer)
            for (writer, result) in zip(group, results) { writer.answer.resume(with: result) }
        }
    }

    /// One transaction for the whole group: first with no savepoints, then, if a writer failed,
    /// again with one per writer. Another process holding the file makes SQLite answer BUSY and
    /// roll the transaction back; the group is then simply run again (nothing of it was committed).
    private static func commit(_ group: [Work], on writer: SQLiteWriter) async -> [Result<any Sendable, any Error>] {
        // One writer alone needs no savepoint: its failure rolls back the transaction, and is its answer.
        var isolated = group.count == 1
        for attempt in 1... {
            let withSavepoints = isolated && group.count > 1
            do {
                let answers = try await writer.transaction { transaction -> [Result<any Sendable, any Error>] in
                    if withSavepoints {
                        var results: [Result<any Sendable, any Error>] = []
                        for (index, work) in group.enumerated() {
                            results.append(try await inSavepoint("w\(index)", work, on: transaction))
                        }
                        return results
                    }
                    let notifications = NotificationBatch()
                    let values = try await NotificationBatch.$current.withValue(notifications) {
                        try await runSideBySide(group, on: transaction)
                    }
                    try await notifications.store(on: transaction.sql)
                    return values.map { .success($0) }
                }
                writer.context.metrics?.recordWriteGroup(writers: group.count, oneByOne: withSavepoints)
                return answers
            } catch let error as SQLiteResultError where error.isBusy && attempt < busyAttempts {
                try? await Task.sleep(for: .milliseconds(Int.random(in: 1...(5 + attempt))))
            } catch  where !isolated {
                // A writer failed (or the commit did) and took the others' work with it.
                isolated = true
            } catch {
                // Only a lone writer's own failure, or a failed commit, reaches here.
                return group.map { _ in .failure(error) }
            }
        }
        preconditionFailure("unreachable: the loop returns")
    }

    /// Runs the writers of different families at the same time, each family's one after another
    /// in the order they came, and then the writers that named no family, one at a time.
    ///
    /// SQLite runs each statement whole on the group's connection (`SQLiteWriter`'s lock).
    /// When each statement was a round trip to SQLiteNIO's threads, side by side the writers'
    /// statements queued there instead of each writer waiting for the one before it
    /// (`POST /transactions` on the bench's mixed database: about 900 to 1,170 a second). Now
    /// that statements run where the writer is, it measures the same as one after another
    /// (1,830 to 2,000 a second against 1,820); what it still overlaps is what a writer awaits
    /// between its statements. Families share no row a writer reads and then changes (a clash
    /// on a row that must be unique across families, such as an email, fails the writer, and
    /// the group runs again one writer at a time), so the group ends as if its writers had run
    /// in some order, one after another, and its commit makes all of them visible at once.
    private static func runSideBySide(_ group: [Work], on db: SQLiteWriterDatabase) async throws -> [any Sendable] {
        var values = [(any Sendable)?](repeating: nil, count: group.count)
        let families = Dictionary(grouping: group.indices.filter { group[$0].family != nil }) { group[$0].family }
        try await withThrowingTaskGroup(of: [(Int, any Sendable)].self) { tasks in
            for indices in families.values {
                tasks.addTask {
                    var done: [(Int, any Sendable)] = []
                    for index in indices { done.append((index, try await group[index].run(db))) }
                    return done
                }
            }
            for try await done in tasks {
                for (index, value) in done { values[index] = value }
            }
        }
        for index in group.indices where group[index].family == nil {
            values[index] = try await group[index].run(db)
        }
        return values.map { $0! }
    }

    /// Runs one writer between `SAVEPOINT` and `RELEASE`; when it throws, its changes are
    /// rolled back and the error is its result. A busy file is thrown on, to retry the group.
    private static func inSavepoint(_ name: String, _ work: Work, on db: SQLiteWriterDatabase) async throws
        -> Result<any Sendable, any Error>
    {
        let sql = db.sql
        try await sql.raw("SAVEPOINT \(unsafeRaw: name)").run()
        do {
            let value = try await work.run(db)
            try await sql.raw("RELEASE \(unsafeRaw: name)").run()
            return .success(value)
        } catch let error as SQLiteResultError where error.isBusy {
            throw error
        } catch {
            try await sql.raw("ROLLBACK TO \(unsafeRaw: name)").run()
            try await sql.raw("RELEASE \(unsafeRaw: name)").run()
            return .failure(error)
        }
    }
}
