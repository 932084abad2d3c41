import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit
import Vapor

/// Creating, changing and removing recurring transactions (the Quick Actions document).
enum RecurringService {
    static let nameLength = 100

    static func create(
        _ input: CreateRecurringTransactionDto, for child: ChildRecord, by parent: AuthUser, in context: ServiceContext
    ) async throws -> RecurringTransactionDto {
        let name = try InputRules.required(input.name, "Name", max: nameLength)
        let amount = try InputRules.positiveAmount(input.amount)
        let category = try InputRules.optional(input.category, "Category", max: InputRules.categoryLength)
        let details = try InputRules.optional(input.description, "Description", max: InputRules.descriptionLength)
        let now = context.now
        let calendar = child.calendar
        let schedule = try RecurringSchedule.checked(
            pattern: input.pattern, dayOfWeek: input.dayOfWeek, dayOfMonth: input.dayOfMonth, timeOfDay: input.timeOfDay,
            startDate: RecurringSchedule.start(fromWire: input.startDate, in: calendar),
            endDate: input.endDate.map { RecurringSchedule.end(fromWire: $0, in: calendar) }, maxOccurrences: input.maxOccurrences,
            isNew: true, now: now, calendar: calendar)
        // Nothing is owed for times before the schedule was made.
        let first = schedule.rule.firstOccurrence(onOrAfter: max(schedule.startDate, now), in: calendar)
        guard RecurrenceState.isLive(next: first, count: 0, endDate: schedule.endDate, maxOccurrences: schedule.maxOccurrences) else {
            throw AppError.unprocessable("The schedule has no occurrence before endDate")
        }

        let model = RecurringTransaction()
        model.childID = child.id
        model.name = name
        model.amountCents = amount.cents
        model.type = input.type
        model.category = category
        model.details = details
        apply(schedule, to: model)
        model.occurrenceCount = 0
        model.nextExecutionDate = first
        model.isActive = true
        model.isPaused = false
        model.requiresApproval = input.requiresApproval ?? false
        model.createdBy = parent.userID
        model.createdAt = now
        model.updatedAt = now
        try await context.write { db in try await model.create(on: db) }
        return try await reload(model.id!, in: context)
    }

    /// Changes what is sent. A changed schedule starts again from now (nothing missed is
    /// posted); a schedule that had finished and has occurrences left again resumes from now.
    static func update(_ row: RecurringRow, with input: UpdateRecurringTransactionDto, in context: ServiceContext) async throws
        -> RecurringTransactionDto
    {
        let name = try input.name.map { try InputRules.required($0, "Name", max: nameLength) }
        let amount = try input.amount.map { try InputRules.positiveAmount($0) }
        let category = try InputRules.optional(input.category, "Category", max: InputRules.categoryLength)
        let details = try InputRules.optional(input.description, "Description", max: InputRules.descriptionLength)
        let now = context.now
        let calendar = row.calendar
        let schedule = try RecurringSchedule.checked(
            pattern: input.pattern ?? row.rule.pattern, dayOfWeek: input.dayOfWeek ?? row.day_of_week,
            dayOfMonth: input.dayOfMonth ?? row.day_of_month, timeOfDay: input.timeOfDay ?? row.rule.timeOfDay, startDate: row.start_date,
            endDate: input.endDate.map { RecurringSchedule.end(fromWire: $0, in: calendar) } ?? row.end_date,
            maxOccurrences: input.maxOccurrences ?? row.max_occurrences, isNew: false, now: now, calendar: calendar)

        try await context.write { db in
            guard let model = try await RecurringTransaction.find(row.id, on: db) else { throw AppError.notFound("Recurring transaction") }
            if let name { model.name = name }
            if let amount { model.amountCents = amount.cents }
            if input.category != nil { model.category = category }
            if input.description != nil { model.details = details }
            if let requiresApproval = input.requiresApproval { model.requiresApproval = requiresApproval }
            let scheduleChanged = schedule.rule != model.rule
            apply(schedule, to: model)
            var next = model.nextExecutionDate
            if scheduleChanged { next = schedule.rule.firstOccurrence(onOrAfter: max(schedule.startDate, now), in: calendar) }
            var live = RecurrenceState.isLive(
                next: next, count: model.occurrenceCount, endDate: schedule.endDate, maxOccurrences: schedule.maxOccurrences)
            if live && !model.isActive && next < now {
                next = schedule.rule.firstOccurrence(onOrAfter: now, in: calendar)
                live = RecurrenceState.isLive(
                    next: next, count: model.occurrenceCount, endDate: schedule.endDate, maxOccurrences: schedule.maxOccurrences)
            }
            model.nextExecutionDate = next
            model.isActive = live
            model.updatedAt = now
            try await model.save(on: db)
        }
        return try await reload(row.id, in: context)
    }

    /// Removes the schedule and its approvals; what it already posted stays on the ledger.
    static func delete(_ row: RecurringRow, in context: ServiceContext) async throws {
        try await context.write { db in
            let sql = db.sql
            try await sql.raw("DELETE FROM recurring_approvals WHERE recurring_id = \(bind: row.id)").run()
            try await sql.raw("DELETE FROM recurring_transactions WHERE id = \(bind: row.id)").run()
        }
    }

    static func reload(_ id: UUID, in context: ServiceContext) async throws -> RecurringTransactionDto {
        guard let row = try await RecurringStore.row(id, on: context.sql) else { throw AppError.notFound("Recurring transaction") }
        return row.dto
    }

    private static func apply(_ schedule: RecurringSchedule, to model: RecurringTransaction) {
        model.pattern = schedule.pattern.rawValue
        model.dayOfWeek = schedule.dayOfWeek
        model.dayOfMonth = schedule.dayOfMonth
        model.timeOfDaySeconds = schedule.timeOfDay?.secondsSinceMidnight
        model.startDate = schedule.startDate
        model.endDate = schedule.endDate
        model.maxOccurrences = schedule.maxOccurrences
    }
}
