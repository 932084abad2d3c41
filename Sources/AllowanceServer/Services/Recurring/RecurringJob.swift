import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit
import Vapor

/// Runs recurring transactions that have fallen due: each occurrence, oldest first, in its
/// own transaction, claimed as `recurring:<id>:<n>` (n = its number in the schedule), posted
/// dated when it was due. A debit the balance cannot cover is skipped and the parents are
/// told; one that needs approval waits in the pending list. A schedule a stopped server
/// left behind catches up occurrence by occurrence.
enum RecurringJob {
    static let jobName = "recurring"

    static var scheduledJob: ScheduledJob {
        ScheduledJob(name: jobName, run: run)
    }

    enum Outcome: Sendable {
        /// Nothing (more) is due for this schedule.
        case idle
        /// Another run claimed this occurrence first; look again.
        case claimedElsewhere
        case handled(String)
    }

    static func run(in context: ServiceContext) async throws -> Int {
        var handled = 0
        var failures: [String] = []
        // Random order across schedules, as for paydays; each schedule's occurrences stay in order.
        for id in try await RecurringStore.dueIDs(now: context.now, scope: context.familyScope, on: context.sql).shuffled() {
            do {
                // Each pass handles one occurrence or learns that another run did; the bound
                // only guards against a bug looping for ever.
                passes: for _ in 0..<(RecurrenceValidation.maximumOccurrences * 2) {
                    switch try await handleNext(id, in: context) {
                    case .idle: break passes
                    case .claimedElsewhere: continue
                    case .handled(let line):
                        handled += 1
                        JobOutput.report(line)
                    }
                }
            } catch {
                failures.append("recurring transaction \(id): \(error)")
            }
        }
        return try PartialJobFailure.check(handled: handled, failures: failures)
    }

    /// The next due occurrence of one schedule, in one transaction.
    static func handleNext(_ id: UUID, in context: ServiceContext) async throws -> Outcome {
        let now = context.now
        return try await context.write { db in
            let sql = db.sql
            guard let row = try await RecurringStore.row(id, on: sql), row.is_active, !row.is_paused, row.next_execution_date <= now else {
                return .idle
            }
            let due = row.next_execution_date
            guard RecurrenceState.isLive(next: due, count: row.occurrence_count, endDate: row.end_date, maxOccurrences: row.max_occurrences)
            else {
                try await sql.raw(
                    "UPDATE recurring_transactions SET is_active = \(bind: false), updated_at = \(bind: now) WHERE id = \(bind: id)"
                ).run()
                return .idle
            }
            let number = row.occurrence_count + 1
            guard
                try await OccurrenceClaims.claim(
                    "recurring:\(id.uuidString.lowercased()):\(number)", job: jobName, subject: id, dueAt: due, now: now, on: db)
            else { return .claimedElsewhere }

            var action = OccurrenceAction(
                type: row.transactionType, amount: row.amount, balance: Money(cents: row.child_balance_cents),
                requiresApproval: row.requires_approval)
            var executedAt: Date? = nil
            if action == .post {
                do {
                    try await RecurringPosting.post(row, at: due, by: row.created_by, on: db)
                    executedAt = due
                } catch let error as AppError where error.code == .insufficientBalance {
                    // The balance moved since it was read: the ledger's own check has the last word.
                    action = .skipInsufficientBalance
                }
            }
            switch action {
            case .post: break
            case .holdForApproval: try await RecurringApprovalService.hold(row, number: number, dueAt: due, now: now, on: db)
            case .skipInsufficientBalance: try await tellParentsOfSkip(row, dueAt: due, on: db)
            }

            let state = row.rule.state(
                afterOccurrence: number, dueAt: due, endDate: row.end_date, maxOccurrences: row.max_occurrences, in: row.calendar)
            try await RecurringPosting.advance(row, to: state, executedAt: executedAt, now: now, on: sql)
            let what: String
            switch action {
            case .post: what = "\(row.transactionType.signed(row.amount).signedFormatted) \(row.postingDescription)"
            case .holdForApproval: what = "\(row.amount.formatted) \(row.postingDescription) waits for approval"
            case .skipInsufficientBalance: what = "\(row.amount.formatted) \(row.postingDescription) skipped: insufficient balance"
            }
            return .handled("\(jobName): \(row.child_first_name) \(what) (#\(number), due \(due.formatted(.iso8601)))")
        }
    }

    /// The Quick Actions document: "Recurring Transaction Skipped", to the family's parents.
    private static func tellParentsOfSkip(_ row: RecurringRow, dueAt due: Date, on db: Database) async throws {
        for parentID in try await FamilyDirectory.parentUserIDs(ofFamily: row.family_id, on: db.sql) {
            try await NotificationService.notify(
                parentID, type: .recurringSkipped, title: "Recurring Transaction Skipped",
                message: "\(row.child_first_name)'s recurring '\(row.name)' was skipped due to insufficient balance", childID: row.child_id,
                at: due, on: db)
        }
    }
}

/// The shared steps of the job, "execute now" and approvals.
enum RecurringPosting {
    /// Posts one occurrence to the ledger and tells the child (and parents, on a low balance).
    @discardableResult
    static func post(
        _ row: RecurringRow, at date: Date, by userID: UUID?, amount: Money? = nil, description: String? = nil, on db: Database
    ) async throws -> TransactionResponse {
        let sql = db.sql
        guard let child = try await FamilyDirectory.child(row.child_id, inFamily: row.family_id, on: sql) else {
            throw AppError.notFound("Child")
        }
        let type = row.transactionType
        let amount = amount ?? row.amount
        let entry = try await LedgerService.post(
            LedgerPosting(
                childID: row.child_id, type: type, amount: amount, description: description ?? row.postingDescription,
                category: row.category, createdBy: userID, at: date),
            calendar: row.calendar, on: db)
        try await TransactionService.tell(about: entry, child: child, previousBalance: entry.balanceAfter - type.signed(amount), on: db)
        return entry
    }

    /// Moves the schedule past occurrence `state.occurrenceCount`. The update only matches the
    /// count the caller read, so a schedule cannot be moved twice for one occurrence.
    static func advance(_ row: RecurringRow, to state: RecurrenceState, executedAt: Date?, now: Date, on sql: SQLDatabase) async throws {
        struct Row: Decodable { let id: UUID }
        let moved = try await sql.raw(
            """
            UPDATE recurring_transactions SET occurrence_count = \(bind: state.occurrenceCount),
                next_execution_date = \(bind: state.nextExecutionDate), is_active = \(bind: state.isActive),
                last_executed_at = COALESCE(\(bind: executedAt), last_executed_at), updated_at = \(bind: now)
            WHERE id = \(bind: row.id) AND occurrence_count = \(bind: state.occurrenceCount - 1)
            RETURNING id
            """
        ).first(decoding: Row.self)
        guard moved != nil else {
            throw AppError.recurringChanged
        }
    }
}
