import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit
import Vapor

/// Allowance payday: on each child's allowance day (local midnight in the family's zone) the
/// weekly allowance is credited ("Weekly allowance"), then the payday hooks run (savings-goal
/// auto-transfers), then the child is told, all in one transaction per payday. Paydays a
/// stopped server missed are paid on its next run, oldest first, each dated when it was due.
/// Each payday is claimed on the child's row by its local date (`PaydayClaims`), so it is paid once.
enum PaydayService {
    static let jobName = "payday"
    static let description = "Weekly allowance"
    static let category = "Allowance"

    /// What the child is told when an allowance arrives.
    static func notification(for allowance: Money) -> (title: String, body: String) {
        ("Allowance day: +\(allowance.formatted)", "Your weekly allowance of \(allowance.formatted) has arrived.")
    }

    static var scheduledJob: ScheduledJob {
        ScheduledJob(name: jobName, run: run)
    }

    /// Pays every payday owed up to `now`, for every child whose allowance is running: in
    /// rounds (each child's oldest payday owed first), each round in batches of about
    /// `PaydayBatch.size(on:)` children, each batch one transaction. A batch that fails is paid
    /// again child by child, so one failing child neither holds up nor undoes the others; its
    /// later paydays wait for the next run, to stay in order.
    ///
    /// On PostgreSQL up to `batchesAtOnce` batches are paid at the same time, each on a
    /// connection of its own: a batch's statements keep one PostgreSQL process busy while the
    /// server waits, and the server's work on a batch leaves PostgreSQL waiting in turn. A
    /// family's children are in the same batch, so batches paid together touch no row in
    /// common (the children, their goals and claims, the family's numbers) and cannot wait for
    /// each other. SQLite has one writer, so its batches go one after another.
    static func run(in context: ServiceContext) async throws -> Int {
        let now = context.now
        let hooks = context.application.paydayHooks.all
        var paid = 0
        var failures: [String] = []
        var failed: Set<UUID> = []
        var schedules = OwedChild.Paydays(through: now)
        let owed = try await owedChildren(only: nil, scope: context.familyScope, on: context.sql).map { child in
            (child: child, paydays: schedules.owed(to: child))
        }
        // Families in a random order: servers running at once then mostly work on different
        // children instead of queueing behind each other's claims.
        let families = Dictionary(grouping: owed, by: \.child.family_id).values.shuffled()
        let atOnce = context.sql.isPostgres ? batchesAtOnce : 1
        var round = 0
        while true {
            let dues = families.map { family in
                family.compactMap { owed in
                    round < owed.paydays.count && !failed.contains(owed.child.id)
                        ? PaydayBatch.Due(child: owed.child, payday: owed.paydays[round].date, day: owed.paydays[round].day) : nil
                }
            }
            let batches = batched(dues, size: PaydayBatch.size(on: context.sql))
            guard !batches.isEmpty else { break }
            for outcome in await pay(batches, atOnce: atOnce, hooks: hooks, in: context) {
                paid += outcome.paid
                failed.formUnion(outcome.failed.map(\.due.child.id))
                failures += outcome.failed.map { "\($0.due.child.first_name) (\($0.due.child.id)): \($0.error)" }
            }
            round += 1
        }
        return try PartialJobFailure.check(handled: paid, failures: failures)
    }

    /// Batches paid at once on PostgreSQL. A 10,000-child payday on this 2-core machine took
    /// 1.77 to 2.01 s one batch at a time, 0.91 to 1.34 s two at a time (batches of 1,000), and
    /// no less three or four at a time (docs/benchmarks.md).
    static let batchesAtOnce = 2

    /// The families' dues in batches of whole families, each of at least `size` children but
    /// the last.
    static func batched(_ families: [[PaydayBatch.Due]], size: Int) -> [[PaydayBatch.Due]] {
        var batches: [[PaydayBatch.Due]] = []
        var batch: [PaydayBatch.Due] = []
        for family in families where !family.isEmpty {
            batch += family
            if batch.count >= size {
                batches.append(batch)
                batch = []
            }
        }
        if !batch.isEmpty { batches.append(batch) }
        return batches
    }

    /// Pays `batches`, up to `atOnce` at the same time: each starts as soon as one of those
    /// running ends. Batches paid at once must have no child, and no family, in common.
    static func pay(_ batches: [[PaydayBatch.Due]], atOnce: Int, hooks: [PaydayHooks.Registration], in context: ServiceContext) async
        -> [BatchOutcome]
    {
        await withTaskGroup(of: BatchOutcome.self) { tasks in
            // Each batch on the next event loop, on its connections (`ServiceContext.on`): two
            // batches at once on PostgreSQL then have a thread each for their side of the work.
            let loops = context.application.eventLoopGroup
            func start(_ batch: [PaydayBatch.Due]) {
                let (context, executor) = context.on(loops.next())
                tasks.addTask(executorPreference: executor) { await pay(batch, hooks: hooks, in: context) }
            }
            var waiting = batches.makeIterator()
            for _ in 0..<atOnce {
                guard let batch = waiting.next() else { break }
                start(batch)
            }
            var outcomes: [BatchOutcome] = []
            for await outcome in tasks {
                outcomes.append(outcome)
                if let batch = waiting.next() { start(batch) }
            }
            return outcomes
        }
    }

    /// What paying a batch did: how many were paid, and the children whose payday failed.
    struct BatchOutcome: Sendable {
        var paid = 0
        var failed: [(due: PaydayBatch.Due, error: String)] = []
    }

    /// Pays `batch` in one transaction, or else child by child.
    private static func pay(_ batch: [PaydayBatch.Due], hooks: [PaydayHooks.Registration], in context: ServiceContext) async
        -> BatchOutcome
    {
        var outcome = BatchOutcome()
        do {
            let done = try await context.write { db in try await PaydayBatch.pay(batch, hooks: hooks, in: context, on: db) }
            outcome.paid = done.count
            for (due, allowance) in done { report(due.child, allowance, day: due.day) }
        } catch {
            for due in batch {
                do {
                    guard try await pay(due.child, on: due.payday, hooks: hooks, in: context) else { continue }
                    outcome.paid += 1
                    report(due.child, Money(cents: due.child.weekly_allowance_cents), day: due.day)
                } catch {
                    outcome.failed.append((due, "\(error)"))
                }
            }
        }
        return outcome
    }

    /// A line of `run-jobs`' output, the payday named by its local date (`Due.day`): formatting
    /// each payday's instant took a thirtieth of a 10,000-child payday run from `run-jobs`.
    private static func report(_ child: OwedChild, _ allowance: Money, day: String) {
        JobOutput.report("\(jobName): \(child.first_name) +\(allowance.formatted) \(description) (due \(day))")
    }

    /// Pays what one child is owed up to `now`, inside the caller's transaction (a pause
    /// settles the weeks that fell due before it).
    static func settle(childID: UUID, hooks: [PaydayHooks.Registration], in context: ServiceContext) async throws {
        for child in try await owedChildren(only: childID, scope: nil, on: context.sql) {
            for payday in child.paydays(through: context.now) {
                _ = try await pay(child, on: payday, hooks: hooks, in: context)
            }
        }
    }

    /// One payday in one transaction. false when there was nothing to do: another run paid it,
    /// or the allowance was paused or the child removed since the list was read.
    private static func pay(_ child: OwedChild, on payday: Date, hooks: [PaydayHooks.Registration], in context: ServiceContext) async throws
        -> Bool
    {
        let calendar = child.calendar
        return try await context.write { db in
            guard
                let cents = try await PaydayClaims.claim(child: child.id, day: calendar.dayKey(payday), payday: payday, on: db.sql)
            else { return false }
            let allowance = Money(cents: cents)
            _ = try await LedgerService.post(
                LedgerPosting(
                    childID: child.id, type: .credit, amount: allowance, description: description, category: category, createdBy: nil,
                    at: payday),
                calendar: calendar, on: db)
            let paid = PaydayContext(childID: child.id, familyID: child.family_id, allowance: allowance, paidAt: payday, calendar: calendar)
            for hook in hooks { try await hook.run(paid, context.within(db)) }
            let message = notification(for: allowance)
            try await NotificationService.notify(
                child.user_id, type: .allowance, title: message.title, message: message.body, childID: child.id, at: payday, on: db)
            return true
        }
    }

    /// A child whose allowance is running, with what the payday run needs to know. Read
    /// column by column rather than through `Decodable`: a run over 10,000 children spent a
    /// twentieth of its CPU in the keyed decoding containers.
    struct OwedChild {
        let id: UUID, user_id: UUID, family_id: UUID, first_name: String
        let weekly_allowance_cents: Int64, allowance_day: Int, time_zone: String
        /// When paydays start being owed: after the last one paid, or after the child was
        /// added, or after the last pause ended (weeks skipped while paused are not owed).
        let since: Date?

        init(_ row: any SQLRow) throws {
            id = try row.decode(column: "id", as: UUID.self)
            user_id = try row.decode(column: "user_id", as: UUID.self)
            family_id = try row.decode(column: "family_id", as: UUID.self)
            first_name = try row.decode(column: "first_name", as: String.self)
            weekly_allowance_cents = try row.decode(column: "weekly_allowance_cents", as: Int64.self)
            allowance_day = try row.decode(column: "allowance_day", as: Int.self)
            time_zone = try row.decode(column: "time_zone", as: String.self)
            since = try ["last_paid_at", "created_at", "allowance_resumed_at"].compactMap { try row.decode(column: $0, as: Date?.self) }
                .max()
        }

        var calendar: FamilyCalendar { FamilyCalendar(identifier: time_zone) ?? FamilyCalendar(timeZone: .gmt) }

        /// Paydays after `since`, up to `now`. A child with no known start is owed the latest
        /// payday only.
        func paydays(through now: Date) -> [Date] {
            AllowanceSchedule(day: Weekday(rawValue: allowance_day) ?? .saturday, calendar: calendar).paydays(
                after: since ?? calendar.adding(days: -7, to: now), through: now)
        }

        /// A payday and its local date (the key of its claim and day totals).
        struct Payday {
            let date: Date, day: String
        }

        /// The paydays owed to each child of a run, worked out once for each zone, allowance
        /// day and start: about ten calendar lookups a child, and most children of a run share
        /// all three (each was last paid on the same local midnight of its zone).
        struct Paydays {
            private struct Schedule: Hashable {
                let timeZone: String, day: Int, since: Date?
            }

            let now: Date
            private var known: [Schedule: [Payday]] = [:]

            init(through now: Date) { self.now = now }

            mutating func owed(to child: OwedChild) -> [Payday] {
                let schedule = Schedule(timeZone: child.time_zone, day: child.allowance_day, since: child.since)
                if let paydays = known[schedule] { return paydays }
                let calendar = child.calendar
                let paydays = child.paydays(through: now).map { Payday(date: $0, day: calendar.dayKey($0)) }
                known[schedule] = paydays
                return paydays
            }
        }
    }

    static func owedChildren(only childID: UUID?, scope familyID: UUID?, on sql: SQLDatabase) async throws -> [OwedChild] {
        try await sql.raw(owedQuery(only: childID, scope: familyID)).all().map(OwedChild.init)
    }

    /// The children whose allowance is running, each with the last payday paid to it (kept on
    /// the child's row, `PaydayClaims`).
    static func owedQuery(only childID: UUID?, scope familyID: UUID?) -> SQLQueryString {
        var query: SQLQueryString = """
            SELECT c.id, c.user_id, c.family_id, u.first_name, c.weekly_allowance_cents, c.allowance_day, f.time_zone,
                   c.created_at, c.allowance_resumed_at, c.last_paid_at
            FROM children c JOIN users u ON u.id = c.user_id JOIN families f ON f.id = c.family_id
            WHERE c.allowance_paused = \(bind: false) AND c.weekly_allowance_cents > 0
            """
        if let childID { query = query + " AND c.id = \(bind: childID)" }
        if let familyID { query = query + " AND c.family_id = \(bind: familyID)" }
        return query + " ORDER BY c.created_at"
    }
}
