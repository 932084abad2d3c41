import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit
import Vapor

/// Pause, resume and "execute now".
enum RecurringControl {
    /// A paused schedule falls due no more; what would have fallen due while paused is skipped.
    static func pause(_ row: RecurringRow, in context: ServiceContext) async throws -> RecurringTransactionDto {
        let now = context.now
        try await context.write { db in
            try await db.sql.raw(
                "UPDATE recurring_transactions SET is_paused = \(bind: true), updated_at = \(bind: now) WHERE id = \(bind: row.id)"
            ).run()
        }
        return try await RecurringService.reload(row.id, in: context)
    }

    /// After the family moved from `old`'s zone: each schedule's next occurrence falls on the
    /// same local date at its time in the new zone ("every Monday at 09:00" is 09:00 where the
    /// family now lives), or on the next one when that has already passed there, so no
    /// occurrence is skipped or posted twice. One already due is left for the job to post.
    static func followZone(familyID: UUID, from old: FamilyCalendar, now: Date, on sql: any SQLDatabase) async throws {
        for row in try await RecurringStore.list(familyID: familyID, childID: nil, on: sql)
        where row.is_active && row.next_execution_date > now {
            let zone = row.calendar
            let day = zone.startOfSameDay(as: row.next_execution_date, in: old)
            let next = row.rule.firstOccurrence(onOrAfter: max(day, now), in: zone)
            guard next != row.next_execution_date else { continue }
            let live = RecurrenceState.isLive(
                next: next, count: row.occurrence_count, endDate: row.end_date, maxOccurrences: row.max_occurrences)
            try await sql.raw(
                """
                UPDATE recurring_transactions SET next_execution_date = \(bind: next), is_active = \(bind: live), updated_at = \(bind: now)
                WHERE id = \(bind: row.id)
                """
            ).run()
        }
    }

    /// Resumes from now: the next occurrence is the first one at or after this moment.
    static func resume(_ row: RecurringRow, in context: ServiceContext) async throws -> RecurringTransactionDto {
        let now = context.now
        try await context.write { db in
            let sql = db.sql
            guard let current = try await RecurringStore.row(row.id, on: sql) else { throw AppError.notFound("Recurring transaction") }
            var next = current.next_execution_date
            if current.is_paused && next < now { next = current.rule.firstOccurrence(onOrAfter: now, in: current.calendar) }
            let live =
                current.is_active
                && RecurrenceState.isLive(
                    next: next, count: current.occurrence_count, endDate: current.end_date, maxOccurrences: current.max_occurrences)
            try await sql.raw(
                """
                UPDATE recurring_transactions SET is_paused = \(bind: false), next_execution_date = \(bind: next), is_active = \(bind: live),
                    updated_at = \(bind: now) WHERE id = \(bind: row.id)
                """
            ).run()
        }
        return try await RecurringService.reload(row.id, in: context)
    }

    /// Posts the next occurrence now, dated now, and moves the schedule past it (so it is not
    /// posted again when it falls due). Works while paused; refused once the schedule has
    /// finished, and refused (422, nothing changed) when the balance cannot cover a debit.
    static func executeNow(_ row: RecurringRow, by parent: AuthUser, in context: ServiceContext) async throws -> TransactionResponse {
        let now = context.now
        var entry = try await context.write { db in
            let sql = db.sql
            guard let current = try await RecurringStore.row(row.id, on: sql) else { throw AppError.notFound("Recurring transaction") }
            guard current.is_active else {
                throw AppError(.conflict, .recurringFinished, "\(current.name) has finished: it has no occurrences left")
            }
            let number = current.occurrence_count + 1
            guard
                try await OccurrenceClaims.claim(
                    "recurring:\(row.id.uuidString.lowercased()):\(number)", job: RecurringJob.jobName, subject: row.id, dueAt: now,
                    now: now, on: db)
            else { throw AppError.recurringChanged }
            let entry = try await RecurringPosting.post(current, at: now, by: parent.userID, on: db)
            let state = current.rule.state(
                afterOccurrence: number, dueAt: max(current.next_execution_date, now), endDate: current.end_date,
                maxOccurrences: current.max_occurrences, in: current.calendar)
            try await RecurringPosting.advance(current, to: state, executedAt: now, now: now, on: sql)
            return entry
        }
        entry.createdByName = parent.fullName
        return entry
    }
}
