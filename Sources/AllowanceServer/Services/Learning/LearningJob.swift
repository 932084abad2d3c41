import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit

/// When a learning goal's period ends: a goal that fell short is marked Failed and its people
/// are told; a recurring goal gets its next period. Each ended period is closed once (the
/// close is a conditional update), so two servers or two runs never tell or renew twice.
enum LearningJob {
    static let jobName = "learning-goals"

    static var scheduledJob: ScheduledJob { ScheduledJob(name: jobName, run: run) }

    static func run(in context: ServiceContext) async throws -> Int {
        struct Row: Decodable {
            let id: UUID
            let child_id: UUID
            let family_id: UUID
        }
        var query: SQLQueryString = """
            SELECT g.id, g.child_id, c.family_id FROM learning_goals g JOIN children c ON c.id = g.child_id
            WHERE g.closed_at IS NULL AND g.end_date <= \(bind: context.now)
            """
        if let familyID = context.familyScope { query = query + " AND c.family_id = \(bind: familyID)" }
        var handled = 0
        var failures: [String] = []
        for row in try await context.sql.raw(query + " ORDER BY g.end_date").all(decoding: Row.self) {
            do {
                if try await close(row.id, childID: row.child_id, familyID: row.family_id, in: context) { handled += 1 }
            } catch {
                failures.append("learning goal \(row.id): \(error)")
            }
        }
        return try PartialJobFailure.check(handled: handled, failures: failures)
    }

    private static func close(_ goalID: UUID, childID: UUID, familyID: UUID, in context: ServiceContext) async throws -> Bool {
        guard let child = try await FamilyDirectory.child(childID, inFamily: familyID, on: context.sql) else { return false }
        let now = context.now
        return try await context.write { db in
            let inside = context.within(db)
            struct Closed: Decodable { let id: UUID }
            guard
                try await db.sql.raw(
                    "UPDATE learning_goals SET closed_at = \(bind: now) WHERE id = \(bind: goalID) AND closed_at IS NULL RETURNING id"
                ).first(decoding: Closed.self) != nil,
                let goal = try await LearningGoal.find(goalID, on: db)
            else { return false }
            let current = try await LearningMeasure.current(of: goal, calendar: child.calendar, asOf: now, on: db.sql)
            if goal.completedAt == nil && current < goal.targetValue {
                goal.failedAt = goal.endDate
                try await goal.save(on: db)
                try await LearningProgress.tell(
                    child, type: .learningGoalFailed, title: "Learning goal ended: \(goal.title)",
                    message:
                        "\"\(goal.title)\" ended at \(format(current)) of \(format(goal.targetValue)) \(goal.type.unit). A new try starts fresh.",
                    in: inside)
            }
            if goal.isRecurring { try await renew(goal, calendar: child.calendar, now: now, on: db) }
            JobOutput.report("\(jobName): \(child.firstName) \"\(goal.title)\" closed")
            return true
        }
    }

    /// The same goal for the period running now, in the same series. Periods that passed
    /// while no job ran (a server stopped for days) are stepped over: no goal was set for
    /// them, so none is made only to end at once.
    private static func renew(_ goal: LearningGoal, calendar: FamilyCalendar, now: Date, on db: any Database) async throws {
        var next = LearningPeriod.next(after: goal.period, frequency: goal.frequency, in: calendar)
        while next.end <= now { next = LearningPeriod.next(after: next, frequency: goal.frequency, in: calendar) }
        let copy = LearningGoal()
        copy.childID = goal.childID
        copy.seriesID = goal.seriesID
        copy.title = goal.title
        copy.details = goal.details
        copy.type = goal.type
        copy.frequency = goal.frequency
        copy.targetValue = goal.targetValue
        copy.bundleIdentifier = goal.bundleIdentifier
        copy.startDate = next.start
        copy.endDate = next.end
        copy.isRecurring = true
        copy.createdBy = goal.createdBy
        copy.createdAt = next.start
        copy.lastModifiedBy = goal.lastModifiedBy
        copy.lastModifiedAt = next.start
        try await copy.create(on: db)
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }
}
