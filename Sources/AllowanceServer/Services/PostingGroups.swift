import AllowanceAPI
import Fluent
import Foundation
import NIOPosix
import PostgresNIO
import Vapor

/// PostgreSQL's single postings, posted in groups: a parent's (`POST /transactions`, a quick
/// add) and a template's use (`POST /templates/{id}/use`, by a parent or a child for their own
/// spending), whose count goes up in the same group.
///
/// On PostgreSQL a posting alone is a transaction of five round trips, and each statement's
/// own work (finding its plan, starting its executor, its `data_version` trigger) costs more
/// than its one row: with no server at all, `pgbench` running a posting's statements from 8
/// clients measured 2,483 postings a second on the bench's mixed database (3,780 with the
/// triggers off), using the whole machine, where the same statements for ten children at a
/// time measured 4,700 at half of it. So postings that arrive while a group is being posted
/// wait for the next group, which posts them all with one statement per step
/// (`LedgerService.postEach`: the balances, then the ledger rows, day totals and
/// notifications together; then the templates' counts, `TemplateUseService.count`) and
/// commits once: each is answered after that commit, so a 2xx still means committed.
/// (Postings one transaction each: 683 a second there; in groups, 1,797 to 1,964. Template
/// uses: 583 to 610, then 1,406 to 1,474.)
///
/// A group posts each child's postings in the order they came, one round of statements per
/// posting of the same child. A refused posting (the balance would go below zero, the child is
/// gone) is left out of its round and gets its refusal; the others go on. If a statement fails
/// (PostgreSQL answers with an error, a deadlock with another server's group among them),
/// nothing of the group was committed, and each of its postings is posted again alone, so one
/// cannot fail the others. Any other failure (no connection, a connection lost) is every
/// posting's answer, as it would have been for each alone. A posting inside a transaction
/// already (a request with an `Idempotency-Key`) is posted there, not here.
final class PostingGroups: Sendable {
    private struct Waiting {
        let posting: LedgerPosting
        let child: ChildRecord
        /// The template's use that made the posting, counted with it.
        let use: TemplateUseService.Use?
        let queued: ContinuousClock.Instant
        /// The request's logger, with its id.
        let logger: Logger
        let answer: CheckedContinuation<TransactionResponse, any Error>
    }

    /// The most postings one group takes; the rest go in the next.
    static let largestGroup = 128

    private let queue = GroupQueue<Waiting>(largestGroup: PostingGroups.largestGroup)
    /// Where the groups run, one after another: a thread of their own. On Swift's shared
    /// threads, each of a group's steps waited behind the requests' tasks queued there.
    private let executor: ThreadPoolExecutor
    private let thread = NIOThreadPool(numberOfThreads: 1)

    init() {
        thread.start()
        executor = ThreadPoolExecutor(threadPool: thread)
    }

    deinit { thread.shutdownGracefully { _ in } }

    /// Groups posted since start (the tests read it).
    var groups: Int { queue.groups }
    /// Postings queued for the next group (the tests read it).
    var waiting: Int { queue.waiting }

    /// Posts `posting` for `child` (with its notifications) in the next group and returns its
    /// entry once that group is committed; throws its refusal, or why the group failed.
    func post(
        _ posting: LedgerPosting, for child: ChildRecord, countingUse use: TemplateUseService.Use?, in context: ServiceContext
    ) async throws -> TransactionResponse {
        try await withCheckedThrowingContinuation { answer in
            let waiting = Waiting(posting: posting, child: child, use: use, queued: .now, logger: context.db.logger, answer: answer)
            // Detached: the group is no one request's, and takes none of its task-local values.
            if queue.add(waiting) { Task.detached(executorPreference: executor) { await self.postQueued(in: context.application) } }
        }
    }

    private func postQueued(in application: Application) async {
        while let group = queue.next() {
            // The group's statements are logged with its first request's id, and the ids of all.
            var logger = group[0].logger
            if group.count > 1 {
                logger[metadataKey: "group-request-ids"] = .string(
                    group.map { $0.logger[metadataKey: "request-id"]?.description ?? "-" }.joined(separator: ","))
            }
            // The application's database, not a request's: the group outlives the request that started it.
            let db = application.databases.database(logger: logger, on: application.eventLoopGroup.any())!
            let context = ServiceContext(application: application, db: db, now: group[0].posting.at)
            let results = await Self.post(group, in: context)
            for (waiting, result) in zip(group, results) { waiting.answer.resume(with: result) }
        }
    }

    private static func post(_ group: [Waiting], in context: ServiceContext) async -> [Result<TransactionResponse, any Error>] {
        for waiting in group { context.recordWriteWait(since: waiting.queued) }
        do {
            let results = try await context.db.transaction { db in try await postTogether(group, on: db) }
            context.application.metrics?.recordWriteGroup(writers: group.count, oneByOne: false)
            return results
        } catch let error as PSQLError where error.code == .server && group.count > 1 {
            // PostgreSQL refused a statement or the commit, so the transaction was rolled back.
            context.db.logger.info("A group of \(group.count) postings failed (\(error.serverInfo?[.message] ?? "")); posting each alone")
            var results: [Result<TransactionResponse, any Error>] = []
            for waiting in group {
                do {
                    results.append(
                        .success(
                            try await context.db.transaction { db in
                                try await TransactionService.post(waiting.posting, for: waiting.child, countingUse: waiting.use, on: db)
                            }))
                } catch {
                    results.append(.failure(error))
                }
            }
            context.application.metrics?.recordWriteGroup(writers: group.count, oneByOne: true)
            return results
        } catch {
            return group.map { _ in .failure(error) }
        }
    }

    /// The group's postings in rounds of one per child, each round's notifications with it
    /// (`TransactionService.notifications`; the parents' low-balance thresholds are read first,
    /// once for each family with a debit).
    private static func postTogether(_ group: [Waiting], on db: any Database) async throws -> [Result<TransactionResponse, any Error>] {
        var thresholds: [UUID: [(UUID, Money)]] = [:]
        for waiting in group where waiting.posting.type == .debit && thresholds[waiting.child.familyID] == nil {
            thresholds[waiting.child.familyID] = try await NotificationService.lowBalanceThresholds(
                ofParentsIn: waiting.child.familyID, on: db.sql)
        }
        var results = [Result<TransactionResponse, any Error>?](repeating: nil, count: group.count)
        var left = Array(group.indices)
        while !left.isEmpty {
            // Each child's row is taken in the order of the ids, as another server's group takes them.
            var children = Set<UUID>()
            let round = left.filter { children.insert(group[$0].posting.childID).inserted }.sorted {
                group[$0].posting.childID.uuidString < group[$1].posting.childID.uuidString
            }
            left.removeAll { index in round.contains(index) }
            let entries = try await LedgerService.postEach(round.map { (group[$0].posting, group[$0].child.calendar) }, on: db) {
                entries in
                zip(round, entries).flatMap { index, entry -> [NotificationBatch.Row] in
                    guard let entry else { return [] }
                    let child = group[index].child
                    return TransactionService.notifications(
                        about: entry, child: child, previousBalance: entry.balanceAfter - entry.type.signed(entry.amount),
                        thresholds: thresholds[child.familyID] ?? [])
                }
            }
            for (index, entry) in zip(round, entries) {
                if let entry {
                    results[index] = .success(entry)
                } else {
                    results[index] = .failure(try await LedgerService.refusal(for: group[index].posting, on: db.sql))
                }
            }
        }
        let posted = zip(group, results).compactMap { waiting, result in
            if case .success? = result { waiting.use } else { nil }
        }
        try await TemplateUseService.count(posted, on: db.sql)
        return results.map { $0! }
    }
}
