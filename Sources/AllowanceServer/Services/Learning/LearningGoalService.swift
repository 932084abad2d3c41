import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit

/// Learning goals: create (a Basic family keeps at most 3 active per child), read with
/// progress, list, change, delete.
enum LearningGoalService {
    static let titleLength = 100
    static let descriptionLength = 500
    /// The highest target of any type (points); hours and days have lower ones.
    static let largestTarget: Double = 1_000_000

    static func create(_ input: CreateLearningGoalDto, for child: ChildRecord, by user: AuthUser, in context: ServiceContext) async throws
        -> LearningGoalDto
    {
        // The spec's rule: goals are set by parents (a child reads them and logs sessions).
        try user.requireParent()
        let now = context.now
        let title = try InputRules.required(input.title, "Title", max: titleLength)
        let details = try InputRules.optional(input.description, "Description", max: descriptionLength)
        let target = try targetValue(input.targetValue, type: input.type)
        var bundle: String?
        // Only an AppSpecific goal names an app, and it must be one of the family's: 422.
        if input.type == .appSpecific {
            guard let text = input.bundleIdentifier?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
                throw AppError.unprocessable("bundleIdentifier is required for an AppSpecific goal: name the app")
            }
            guard try await AppCategoryService.find(text, familyID: child.familyID, on: context.db) != nil else {
                throw AppError.unprocessable("\(text) is not one of the family's apps: add it under app categories first")
            }
            bundle = text
        }
        let period = try period(for: input, now: now, calendar: child.calendar)
        let goal = LearningGoal()
        goal.childID = child.id
        goal.seriesID = UUID()
        goal.title = title
        goal.details = details
        goal.type = input.type
        goal.frequency = input.frequency
        goal.targetValue = target
        goal.bundleIdentifier = bundle
        goal.startDate = period.start
        goal.endDate = period.end
        goal.isRecurring = input.isRecurring ?? false
        goal.createdBy = user.userID
        goal.createdAt = now
        goal.lastModifiedBy = user.userID
        goal.lastModifiedAt = now
        let plan = try await PlanService.plan(ofFamily: child.familyID, in: context)
        try await context.write { db in
            try await GoalStore.lockChild(child.id, on: db.sql)
            if plan.hasPremiumFeatures == false {
                let active = try await LearningGoal.query(on: db).filter(\.$childID == child.id).filter(\.$completedAt == nil)
                    .filter(\.$failedAt == nil).filter(\.$endDate > now).count()
                if let refusal = plan.refusalToAddGoal(activeGoals: active, childName: child.firstName) {
                    throw PlanService.upgradeRequired(refusal)
                }
            }
            try await goal.create(on: db)
            try await LearningProgress.afterChange(of: child, in: context.within(db))
        }
        return try await dto(try await reloaded(goal, in: context), child: child, in: context)
    }

    static func update(
        _ goal: LearningGoal, child: ChildRecord, with input: UpdateLearningGoalDto, by user: AuthUser, in context: ServiceContext
    )
        async throws -> LearningGoalDto
    {
        if let title = input.title { goal.title = try InputRules.required(title, "Title", max: titleLength) }
        if input.description != nil { goal.details = try InputRules.optional(input.description, "Description", max: descriptionLength) }
        if let target = input.targetValue { goal.targetValue = try targetValue(target, type: goal.type) }
        if let recurring = input.isRecurring { goal.isRecurring = recurring }
        goal.lastModifiedBy = user.userID
        goal.lastModifiedAt = context.now
        try await context.write { db in
            try await goal.save(on: db)
            try await LearningProgress.afterChange(of: child, in: context.within(db))
        }
        return try await dto(try await reloaded(goal, in: context), child: child, in: context)
    }

    /// The goal as stored: `LearningProgress` may have completed it behind the model's back.
    private static func reloaded(_ goal: LearningGoal, in context: ServiceContext) async throws -> LearningGoal {
        try await LearningGoal.find(goal.id, on: context.db) ?? goal
    }

    static func delete(_ goal: LearningGoal, in context: ServiceContext) async throws {
        try await context.write { db in try await goal.delete(on: db) }
    }

    /// `active`: periods not yet over and not completed; `history`: completed or ended; `all`.
    static func list(for child: ChildRecord, status: String, in context: ServiceContext) async throws -> [LearningGoalDto] {
        var query = LearningGoal.query(on: context.db).filter(\.$childID == child.id)
        switch status {
        case "active": query = query.filter(\.$completedAt == nil).filter(\.$failedAt == nil).filter(\.$endDate > context.now)
        case "history":
            query = query.group(.or) { $0.filter(\.$completedAt != nil).filter(\.$failedAt != nil).filter(\.$endDate <= context.now) }
        default: break
        }
        var result: [LearningGoalDto] = []
        for goal in try await query.sort(\.$endDate, .descending).sort(\.$createdAt, .descending).all() {
            result.append(try await dto(goal, child: child, in: context))
        }
        return result
    }

    static func dto(_ goal: LearningGoal, child: ChildRecord, in context: ServiceContext) async throws -> LearningGoalDto {
        let current = try await LearningMeasure.current(of: goal, calendar: child.calendar, asOf: context.now, on: context.sql)
        let status = LearningGoalState.status(
            current: current, target: goal.targetValue, period: goal.period, completedAt: goal.completedAt, failedAt: goal.failedAt,
            now: context.now)
        return LearningGoalDto(
            id: goal.id!, childId: goal.childID, title: goal.title, description: goal.details, type: goal.type, frequency: goal.frequency,
            targetValue: goal.targetValue, bundleIdentifier: goal.bundleIdentifier, currentValue: current,
            progress: LearningGoalState.progress(current: current, target: goal.targetValue), status: status, startDate: goal.startDate,
            endDate: goal.endDate, isRecurring: goal.isRecurring, completedAt: goal.completedAt,
            failedAt: goal.failedAt ?? (status == .failed ? goal.endDate : nil), createdBy: goal.createdBy,
            lastModifiedBy: goal.lastModifiedBy,
            lastModifiedAt: goal.lastModifiedAt)
    }

    private static func targetValue(_ value: Double, type: LearningGoalType) throws -> Double {
        guard value.isFinite, value > 0, value <= largestTarget else {
            throw AppError.validation("targetValue must be more than 0 and at most \(Int(largestTarget))")
        }
        // The unit, and so the ceiling, depends on the type: 422.
        let most: Double = type == .pointBased ? largestTarget : type == .streak ? 366 : 1_000
        guard value <= most else { throw AppError.unprocessable("targetValue must be at most \(Int(most)) \(type.unit)") }
        if type == .streak || type == .pointBased {
            guard value == value.rounded() else { throw AppError.unprocessable("targetValue must be a whole number of \(type.unit)") }
        }
        return value
    }

    /// The goal's period: the day, week or month containing its start (default now), or the
    /// custom dates (a bare end date runs to the end of that day in the family's zone).
    private static func period(for input: CreateLearningGoalDto, now: Date, calendar: FamilyCalendar) throws -> DateInterval {
        let start = input.startDate.map(calendar.start(fromWire:)) ?? now
        if input.frequency == .custom {
            guard let startDate = input.startDate, let endDate = input.endDate else {
                throw AppError.unprocessable("A Custom goal needs startDate and endDate")
            }
            let from = calendar.start(fromWire: startDate)
            let until = calendar.deadline(fromWire: endDate)
            guard until > from else { throw AppError.unprocessable("endDate must be after startDate") }
            guard until > now else { throw AppError.unprocessable("endDate must be in the future") }
            guard until.timeIntervalSince(from) <= 366 * 86_400 else {
                throw AppError.unprocessable("A Custom goal can last at most a year")
            }
            return DateInterval(start: from, end: until)
        }
        if input.endDate != nil {
            throw AppError.unprocessable("endDate is only for a Custom goal; a \(input.frequency.rawValue) goal ends with its period")
        }
        guard let period = LearningPeriod.containing(start, frequency: input.frequency, in: calendar) else {
            throw AppError.unprocessable("frequency must be \(LearningGoalFrequency.choices)")
        }
        guard period.end > now else { throw AppError.unprocessable("startDate must be in the current period or later") }
        return period
    }
}
