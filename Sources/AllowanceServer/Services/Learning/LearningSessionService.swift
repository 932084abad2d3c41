import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit

/// Learning sessions: reported by a client, entered by a parent, or imported. Recording one is
/// one transaction: the session (with its app's name, category and rate copied in), the
/// child's day totals, the points it earned as an Earned entry, then the goals it completes
/// and the badges it earns.
enum LearningSessionService {
    static func record(_ input: CreateLearningSessionDto, for child: ChildRecord, by userID: UUID?, in context: ServiceContext) async throws
        -> LearningSessionDto
    {
        let bundle = try AppCategoryService.bundleIdentifier(input.bundleIdentifier)
        // The times against each other and the clock, and the family's apps: 422.
        if let problem = LearningSessionRules.problem(start: input.startTime, end: input.endTime, now: context.now) {
            throw AppError.unprocessable(problem)
        }
        guard let app = try await AppCategoryService.find(bundle, familyID: child.familyID, on: context.db) else {
            throw AppError.unprocessable("\(bundle) is not one of the family's apps: add it under app categories first")
        }
        let seconds = Int64(input.endTime.timeIntervalSince(input.startTime).rounded(.down))
        let points = Int64(LearningSessionRules.points(seconds: seconds, pointsPerHour: app.pointsPerHour, category: app.category))
        let dto = LearningSessionDto(
            id: UUID(), childId: child.id, appName: app.appName, bundleIdentifier: bundle, category: app.category,
            startTime: input.startTime,
            endTime: input.endTime, durationSeconds: Int(seconds), pointsEarned: Int(points))
        let now = context.now
        try await context.write { db in
            let sql = db.sql
            // One child's sessions are recorded one at a time, so two overlapping ones cannot both pass the check.
            try await GoalStore.lockChild(child.id, on: sql)
            try await refuseOverlap(dto, on: sql)
            try await insert(dto, day: child.calendar.dayKey(dto.startTime), by: userID, at: now, on: sql)
            if points > 0 {
                _ = try await PointsLedger.post(
                    PointsPosting(
                        childID: child.id, type: .earned, amount: points, description: "\(app.appName): \(seconds / 60) min",
                        sessionID: dto.id,
                        createdBy: userID, at: dto.endTime),
                    on: db)
            }
            try await LearningProgress.afterChange(of: child, in: context.within(db))
        }
        return dto
    }

    private static func refuseOverlap(_ session: LearningSessionDto, on sql: any SQLDatabase) async throws {
        struct Row: Decodable {
            let app_name: String
            let start_time: Date
            let end_time: Date
        }
        let clash = try await sql.raw(
            """
            SELECT app_name, start_time, end_time FROM learning_sessions
            WHERE child_id = \(bind: session.childId) AND start_time < \(bind: session.endTime) AND end_time > \(bind: session.startTime)
            LIMIT 1
            """
        ).first(decoding: Row.self)
        if let clash {
            throw AppError(
                .conflict, .overlappingSession,
                "This session overlaps one already recorded (\(clash.app_name), \(clash.start_time.formatted(.iso8601)) to \(clash.end_time.formatted(.iso8601)))"
            )
        }
    }

    private static func insert(_ session: LearningSessionDto, day: String, by userID: UUID?, at now: Date, on sql: any SQLDatabase)
        async throws
    {
        try await sql.raw(
            """
            INSERT INTO learning_sessions (id, child_id, bundle_identifier, app_name, category, start_time, end_time, duration_seconds,
                                           points_earned, local_day, created_by, created_at)
            VALUES (\(bind: session.id), \(bind: session.childId), \(bind: session.bundleIdentifier), \(bind: session.appName),
                    \(bind: session.category.rawValue), \(bind: session.startTime), \(bind: session.endTime), \(bind: session.durationSeconds),
                    \(bind: session.pointsEarned), \(bind: day), \(bind: userID), \(bind: now))
            """
        ).run()
        // Reward time is not learning: it is kept as a session but not counted in the day's learning.
        let learning = session.category == .learning ? Int64(session.durationSeconds) : 0
        struct DaySeconds: Decodable { let learning_seconds: Int64 }
        let dayTotals = try await sql.raw(
            """
            INSERT INTO learning_days (child_id, day, day_number, learning_seconds, points, sessions)
            VALUES (\(bind: session.childId), \(bind: day), \(bind: LearningStreak.dayNumber(day) ?? 0), \(bind: learning),
                    \(bind: session.pointsEarned), \(bind: session.category == .learning ? 1 : 0))
            ON CONFLICT (child_id, day) DO UPDATE SET
                learning_seconds = learning_days.learning_seconds + excluded.learning_seconds,
                points = learning_days.points + excluded.points,
                sessions = learning_days.sessions + excluded.sessions
            RETURNING learning_seconds
            """
        ).first(decoding: DaySeconds.self)
        guard learning > 0 else { return }
        // The day's first learning: a new learning day, so the streak runs may have changed.
        if dayTotals?.learning_seconds == learning { try await LearningMeasure.refreshRuns(of: session.childId, on: sql) }
        try await sql.raw(
            """
            INSERT INTO learning_app_totals (child_id, bundle_identifier, learning_seconds)
            VALUES (\(bind: session.childId), \(bind: session.bundleIdentifier), \(bind: learning))
            ON CONFLICT (child_id, bundle_identifier) DO UPDATE SET
                learning_seconds = learning_app_totals.learning_seconds + excluded.learning_seconds
            """
        ).run()
    }

    static func list(childID: UUID, from: Date?, to: Date?, limit: Int, on sql: any SQLDatabase) async throws -> [LearningSessionDto] {
        struct Row: Decodable {
            let id: UUID
            let child_id: UUID
            let app_name: String
            let bundle_identifier: String
            let category: String
            let start_time: Date
            let end_time: Date
            let duration_seconds: Int64
            let points_earned: Int64
        }
        var query: SQLQueryString = """
            SELECT id, child_id, app_name, bundle_identifier, category, start_time, end_time, duration_seconds, points_earned
            FROM learning_sessions WHERE child_id = \(bind: childID)
            """
        if let from { query = query + " AND start_time >= \(bind: from)" }
        if let to { query = query + " AND start_time < \(bind: to)" }
        return try await sql.raw(query + " ORDER BY start_time DESC LIMIT \(bind: limit)").all(decoding: Row.self).map {
            LearningSessionDto(
                id: $0.id, childId: $0.child_id, appName: $0.app_name, bundleIdentifier: $0.bundle_identifier,
                category: AppCategoryKind(rawValue: $0.category) ?? .learning, startTime: $0.start_time, endTime: $0.end_time,
                durationSeconds: Int($0.duration_seconds), pointsEarned: Int($0.points_earned))
        }
    }
}
