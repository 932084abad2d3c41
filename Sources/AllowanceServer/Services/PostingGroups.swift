import AllowanceAPI
import Fluent
import Foundation
import PostgresNIO
import SQLKit
import Vapor

/// PostgreSQL's single postings, posted in groups: a parent's (`POST /transactions`, a quick
/// add), a template's use (`POST /templates/{id}/use`, by a parent or a child for their own
/// spending), whose count goes up in the same group, and a contribution to a goal
/// (`POST /savings-goals/{id}/contribute`), whose goal row is written in the same group.
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
/// commits once: each is answered after that commit, so a 2xx still means committed. The
/// statements whose answers the group does not read go out without waiting for them, `BEGIN`
/// with the first and the ledger rows with the counts and `COMMIT` (`PostgresPipeline`).
/// (Postings one transaction each: 683 a second there; in groups, 1,797 to 1,964. Template
/// uses: 583 to 610, then 1,406 to 1,474.)
///
/// A group posts each child's postings in the order they came, one round of statements per
/// posting of the same child. A refused posting (the balance would go below zero, the child is
/// gone) is left out of its round and gets its refusal; the others go on.
///
/// A contribution's goal is locked with its child at the start of the group (in the order of
/// the children's ids, as a contribution alone locks them), and its debit joins its round with
/// a goal row beside it (`GoalRows.recordEach`). Only a plain one does
/// (`GoalMoneyService.isPlain`: an Active goal with no matching rule and no running challenge,
/// reaching no new milestone and not its target); any other is answered as such and made in a
/// write of its own, where its match, bonus, milestones and news are. (Contributions one
/// transaction each: 656 a second on the bench's mixed database.)
///
/// If a statement fails
/// (PostgreSQL answers with an error, a deadlock with another server's group among them),
/// nothing of the group was committed, and each of its postings is posted again alone, so one
/// cannot fail the others. Any other failure (no connection, a connection lost) is every
/// posting's answer, as it would have been for each alone. A posting inside a transaction
/// already (a request with an `Idempotency-Key`) is posted there, not here.
final class PostingGroups: Sendable {
    private struct Waiting {
        /// Nil for a contribution, whose debit is made from its goal as the group locks it.
        let posting: LedgerPosting?
        /// The family the child must be of. The group reads each child with its balance's
        /// update (`LedgerService.postEach`), a posting alone with its own read (`read`).
        let familyID: UUID
        /// The template's use that made the posting, counted with it.
        let use: TemplateUseService.Use?
        let saving: Saving?
        let queued: ContinuousClock.Instant
        /// The request's logger, with its id.
        let logger: Logger
        let answer: CheckedContinuation<Posted, any Error>
    }

    /// A contribution: what goes into which goal, by whom.
    private struct Saving {
        let goalID: UUID
        let amount: Money
        let description: String?
        let at: Date
        let user: AuthUser

        /// Whether `user` may see the goal of `child`, as `visibleGoal` asks: a parent of the
        /// child's family, or the child it belongs to.
        func maySee(_ goal: GoalRecord, of child: ChildRecord) -> Bool {
            child.familyID == user.familyID && user.maySee(child: goal.childID)
        }
    }

    /// What a group did with a posting.
    private enum Posted: Sendable {
        case entry(TransactionResponse)
        /// A contribution: its debit and the goal after it.
        case saved(TransactionResponse, goal: GoalRecord)
        /// A contribution that is not plain, left to a write of its own.
        case alone
    }

    /// The most postings one group takes; the rest go in the next.
    static let largestGroup = 128

    private let queue = GroupQueue<Waiting>(largestGroup: PostingGroups.largestGroup)

    /// Groups posted since start (the tests read it).
    var groups: Int { queue.groups }
    /// Postings queued for the next group (the tests read it).
    var waiting: Int { queue.waiting }

    /// Posts `posting` (with its notifications) in the next group and returns its entry once
    /// that group is committed; throws its refusal, or why the group failed. The group reads the
    /// child with its balance's update (`LedgerService.postEach`): one outside `familyID` (or
    /// gone) is refused as not found, as a request's own read of it refuses it.
    func post(
        _ posting: LedgerPosting, forChildOf familyID: UUID, countingUse use: TemplateUseService.Use? = nil,
        in context: ServiceContext
    ) async throws -> TransactionResponse {
        try await entry(queue(posting, of: familyID, use: use, saving: nil, in: context))
    }

    private func entry(_ posted: Posted) -> TransactionResponse {
        guard case .entry(let entry) = posted else { preconditionFailure("a posting that is no contribution is posted") }
        return entry
    }

    /// Saves `amount` from a child's balance into their goal `goalID` in the next group, as
    /// `GoalMoneyService.deposit` would, and returns the debit and the goal after it once that
    /// group is committed; throws the debit's refusal, not found for a goal `user` may not see
    /// (or gone), or why the group failed. Returns nil when the contribution is not plain
    /// (`GoalMoneyService.isPlain`) as the group found the goal: nothing was written, and the
    /// caller makes it in a write of its own.
    func save(
        _ amount: Money, description: String?, into goalID: UUID, by user: AuthUser, in context: ServiceContext
    ) async throws -> (entry: TransactionResponse, goal: GoalRecord)? {
        let saving = Saving(goalID: goalID, amount: amount, description: description, at: context.now, user: user)
        switch try await queue(nil, of: user.familyID, use: nil, saving: saving, in: context) {
        case .saved(let entry, let goal): return (entry, goal)
        case .alone: return nil
        case .entry: preconditionFailure("a contribution is answered with its goal")
        }
    }

    private func queue(
        _ posting: LedgerPosting?, of familyID: UUID, use: TemplateUseService.Use?, saving: Saving?, in context: ServiceContext
    ) async throws -> Posted {
        try await withCheckedThrowingContinuation { answer in
            let waiting = Waiting(
                posting: posting, familyID: familyID, use: use, saving: saving, queued: .now, logger: context.db.logger,
                answer: answer)
            guard queue.add(waiting) else { return }
            // The groups run one after another, on the event loop of the connection they post
            // on (`EventLoopExecutors`): each statement's answer is taken up where it arrives.
            // On a thread of their own, each step woke that thread and then the loop. (Moved
            // here with the requests' middleware into their handlers' tasks, `InlineResponder`:
            // `POST /transactions` alone, 2,179-2,189 a second to 2,316-2,520; contributions
            // 1,705-1,725 to 1,833-1,856.) Detached: the group is no one request's, and takes
            // none of its task-local values.
            let application = context.application
            let loop = application.eventLoopGroup.next()
            Task.detached(executorPreference: application.eventLoopExecutors?.executor(for: loop)) {
                await self.postQueued(in: application, on: loop)
            }
        }
    }

    private func postQueued(in application: Application, on loop: any EventLoop) async {
        while let group = queue.next() {
            // The group's statements are logged with its first request's id, and the ids of all.
            var logger = group[0].logger
            if group.count > 1 {
                logger[metadataKey: "group-request-ids"] = .string(
                    group.map { $0.logger[metadataKey: "request-id"]?.description ?? "-" }.joined(separator: ","))
            }
            // The application's database, not a request's: the group outlives the request that started it.
            let db = application.databases.database(logger: logger, on: loop)!
            let context = ServiceContext(application: application, db: db, now: group[0].posting?.at ?? group[0].saving!.at)
            let results = await Self.post(group, in: context)
            for (waiting, result) in zip(group, results) { waiting.answer.resume(with: result) }
        }
    }

    private static func post(_ group: [Waiting], in context: ServiceContext) async -> [Result<Posted, any Error>] {
        for waiting in group { context.recordWriteWait(since: waiting.queued) }
        do {
            let metrics = context.db.metrics
            let results = try await PostgresPipeline.transaction(on: context.db, in: context.application) { pipeline in
                try await postTogether(group, on: pipeline, metrics: metrics)
            }
            context.application.metrics?.recordWriteGroup(writers: group.count, oneByOne: false)
            return results
        } catch let error as PSQLError where error.code == .server && group.count > 1 {
            // PostgreSQL refused a statement or the commit, so the transaction was rolled back.
            context.db.logger.info("A group of \(group.count) postings failed (\(error.serverInfo?[.message] ?? "")); posting each alone")
            var results: [Result<Posted, any Error>] = []
            for waiting in group {
                // A contribution alone is its caller's to make.
                guard let posting = waiting.posting else {
                    results.append(.success(.alone))
                    continue
                }
                do {
                    let entry = try await context.db.transaction { db in
                        let child = try await read(posting.childID, of: waiting.familyID, on: db.sql)
                        return try await TransactionService.post(posting, for: child, countingUse: waiting.use, on: db)
                    }
                    results.append(.success(.entry(entry)))
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

    /// The child `id` if they are of `familyID`, as a request alone reads them (`visibleChild`).
    private static func read(_ id: UUID, of familyID: UUID, on sql: any SQLDatabase) async throws -> ChildRecord {
        guard let child = try await FamilyDirectory.child(id, inFamily: familyID, on: sql) else { throw AppError.notFound("Child") }
        return child
    }

    /// The group's postings in rounds of one per child, each round's notifications with it
    /// (`TransactionService.notifications`; the parents' low-balance thresholds are read first,
    /// for all the families with a debit) and its contributions' goal rows after it.
    private static func postTogether(
        _ group: [Waiting], on sql: PostgresPipeline, metrics: ServerMetrics?
    ) async throws -> [Result<Posted, any Error>] {
        // The contributions' goals with their children, locked in the order of the children's
        // ids, all at once.
        let goalIDs = group.compactMap(\.saving?.goalID)
        let locked = goalIDs.isEmpty ? [:] : try await GoalStore.lock(goalIDs, on: sql)
        // A contribution the user may not see is not found, as alone. (A posting's child is read
        // by its balance's update, which finds none outside the posting's family.)
        let refused = group.map { waiting in
            waiting.saving.map { saving in locked[saving.goalID].map { saving.maySee($0.goal, of: $0.child) } != true } ?? false
        }
        // The contributions' goals as the lock read them, then as each round leaves them.
        var goals = locked.mapValues(\.goal)
        let postings = group.map { waiting -> LedgerPosting? in
            guard let saving = waiting.saving else { return waiting.posting }
            return goals[saving.goalID].map {
                GoalMoneyService.savingDebit(saving.amount, into: $0, notes: saving.description, by: saving.user.userID, at: saving.at)
            }
        }
        var results = [Result<Posted, any Error>?](repeating: nil, count: group.count)
        for index in group.indices where refused[index] { results[index] = .failure(AppError.notFound("Goal")) }

        let debitFamilies = Set(group.filter { $0.saving == nil && $0.posting?.type == .debit }.map(\.familyID))
        let thresholds =
            debitFamilies.isEmpty ? [:] : try await NotificationService.lowBalanceThresholds(ofParentsIn: Array(debitFamilies), on: sql)
        var left = group.indices.filter { results[$0] == nil }
        while !left.isEmpty {
            var inRound = Set<UUID>()
            var round: [Int] = []
            for index in left where !inRound.contains(postings[index]!.childID) {
                // Plain or not as the rounds before left the goal.
                if let saving = group[index].saving, !GoalMoneyService.isPlain(saving.amount, into: goals[saving.goalID]!) {
                    results[index] = .success(.alone)
                    continue
                }
                inRound.insert(postings[index]!.childID)
                round.append(index)
            }
            left.removeAll { index in results[index] != nil || round.contains(index) }
            // Each child's row is taken in the order of the ids, as another server's group takes them.
            round.sort { postings[$0]!.childID.uuidString < postings[$1]!.childID.uuidString }
            let roundPostings = round.map { (postings[$0]!, group[$0].familyID) }
            let entries = try await LedgerService.postEach(roundPostings, on: sql, metrics: metrics) { entries in
                zip(round, entries).flatMap { index, posted -> [NotificationBatch.Row] in
                    // A contribution's debit tells no one, as alone.
                    guard let (entry, child) = posted, group[index].saving == nil else { return [] }
                    return TransactionService.notifications(
                        about: entry, child: child, previousBalance: entry.balanceAfter - entry.type.signed(entry.amount),
                        thresholds: thresholds[child.familyID] ?? [])
                }
            }
            let deposits = zip(round, entries).compactMap { index, posted -> GoalRowPosting? in
                guard let entry = posted?.entry, let saving = group[index].saving, let goal = goals[saving.goalID] else { return nil }
                return GoalRowPosting(
                    goal: goal, amount: entry.amount, type: .childDeposit, description: saving.description, createdBy: entry.createdBy,
                    at: entry.createdAt, sourceTransactionID: entry.id)
            }
            let amounts = try await GoalRows.recordEach(deposits, on: sql)
            for (index, posted) in zip(round, entries) {
                guard let entry = posted?.entry else {
                    results[index] = .failure(
                        try await LedgerService.refusal(for: postings[index]!, inFamily: group[index].familyID, on: sql))
                    continue
                }
                if let goalID = group[index].saving?.goalID {
                    // `recordEach` answers for every goal it is given, or throws.
                    goals[goalID]!.current = amounts[goalID]!
                    results[index] = .success(.saved(entry, goal: goals[goalID]!))
                } else {
                    results[index] = .success(.entry(entry))
                }
            }
        }
        let posted = zip(group, results).compactMap { waiting, result in
            if case .success(.entry)? = result { waiting.use } else { nil }
        }
        // Sent with the commit: a count refused fails the commit.
        if let counts = TemplateUseService.counting(posted, on: sql) { try await sql.send(counts) }
        return results.map { $0! }
    }
}
