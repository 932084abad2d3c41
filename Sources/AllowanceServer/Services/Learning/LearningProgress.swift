import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit

/// What a new session, or a goal set or changed, sets off inside its transaction: goals whose
/// target is now met are completed (each once, the child and parents told), and badges are
/// earned (each once, bonus points paid). A goal set, or lowered, to a target already met
/// completes at once, as the session that met it would have completed it.
enum LearningProgress {
    static func afterChange(of child: ChildRecord, in context: ServiceContext) async throws {
        let open = try await LearningGoal.query(on: context.db).filter(\.$childID == child.id).filter(\.$completedAt == nil)
            .filter(\.$failedAt == nil).filter(\.$endDate > context.now).all()
        for goal in open {
            let current = try await LearningMeasure.current(of: goal, calendar: child.calendar, asOf: context.now, on: context.sql)
            if current >= goal.targetValue { try await complete(goal, child: child, in: context) }
        }
        try await awardBadges(to: child, in: context)
    }

    /// Marks a goal completed once: the update only matches while it is still open.
    private static func complete(_ goal: LearningGoal, child: ChildRecord, in context: ServiceContext) async throws {
        struct Done: Decodable { let id: UUID }
        let done = try await context.sql.raw(
            """
            UPDATE learning_goals SET completed_at = \(bind: context.now)
            WHERE id = \(bind: goal.id!) AND completed_at IS NULL AND failed_at IS NULL RETURNING id
            """
        ).first(decoding: Done.self)
        guard done != nil else { return }
        try await tell(
            child, type: .learningGoalCompleted, title: "Learning goal reached: \(goal.title)",
            message: "\(child.firstName) reached \"\(goal.title)\". Well done!", in: context)
    }

    /// Awards every badge the child's figures now meet (a repeatable one again at each
    /// multiple). A badge's bonus points can meet a points badge in turn, so it looks again
    /// until nothing new is earned.
    static func awardBadges(to child: ChildRecord, in context: ServiceContext) async throws {
        let definitions = try await BadgeStore.definitions(forFamily: child.familyID, on: context.sql)
        for _ in 0..<definitions.count {
            let stats = try await LearningMeasure.stats(of: child.id, calendar: child.calendar, on: context.sql)
            let rows = try await BadgeStore.earned(by: child.id, on: context.sql)
            let awards = BadgeCatalog.awards(
                among: definitions, by: stats, held: Dictionary(uniqueKeysWithValues: rows.map { ($0.badge_key, $0.times_earned) }))
            guard !awards.isEmpty else { return }
            for award in awards {
                let badge = award.badge
                guard try await BadgeStore.record(award, for: child.id, at: context.now, on: context.sql) else { continue }
                if award.bonusPoints > 0 {
                    _ = try await PointsLedger.post(
                        PointsPosting(
                            childID: child.id, type: .earned, amount: Int64(award.bonusPoints), description: "Badge bonus: \(badge.title)",
                            createdBy: nil, at: context.now),
                        on: context.db)
                }
                try await tell(
                    child, type: .badgeEarned,
                    title: award.isFirst ? "New badge: \(badge.title)" : "\(badge.title) again (\(award.timesEarned) times)",
                    message: "\(child.firstName) earned \(badge.title): \(badge.description).", in: context)
            }
        }
    }

    /// The child and the family's parents hear the news.
    static func tell(_ child: ChildRecord, type: NotificationType, title: String, message: String, in context: ServiceContext) async throws
    {
        var people = [child.userID]
        people += try await FamilyDirectory.parentUserIDs(ofFamily: child.familyID, on: context.sql)
        for person in people {
            try await NotificationService.notify(
                person, type: type, title: title, message: message, childID: child.id, at: context.now, on: context.db)
        }
    }
}

/// The badges each child holds.
enum BadgeStore {
    struct Row: Decodable {
        let badge_key: String
        let times_earned: Int
        let first_earned_at: Date
    }

    static func earned(by childID: UUID, on sql: any SQLDatabase) async throws -> [Row] {
        try await sql.raw("SELECT badge_key, times_earned, first_earned_at FROM child_badges WHERE child_id = \(bind: childID)")
            .all(decoding: Row.self)
    }

    /// Records an award once: the row only moves up to the award's count, so false when the
    /// child already had it that many times (another request was first).
    static func record(_ award: BadgeAward, for childID: UUID, at now: Date, on sql: any SQLDatabase) async throws -> Bool {
        struct Recorded: Decodable { let badge_key: String }
        return try await sql.raw(
            """
            INSERT INTO child_badges (child_id, badge_key, times_earned, first_earned_at, last_earned_at)
            VALUES (\(bind: childID), \(bind: award.badge.key), \(bind: award.timesEarned), \(bind: now), \(bind: now))
            ON CONFLICT (child_id, badge_key) DO UPDATE SET times_earned = excluded.times_earned, last_earned_at = excluded.last_earned_at
            WHERE child_badges.times_earned < excluded.times_earned
            RETURNING badge_key
            """
        ).first(decoding: Recorded.self) != nil
    }

    /// The badges a family's children can earn: the catalogue, then the family's own (Premium)
    /// that are not retired.
    static func definitions(forFamily familyID: UUID, on sql: any SQLDatabase) async throws -> [BadgeDefinition] {
        BadgeCatalog.all + (try await CustomBadgeStore.all(ofFamily: familyID, on: sql)).filter { !$0.isRetired }.map(\.definition)
    }

    /// Every badge one child can see: earned ones with when, the others with progress. A retired
    /// custom badge shows only to a child who earned it.
    static func list(for child: ChildRecord, in context: ServiceContext) async throws -> [BadgeDto] {
        let stats = try await LearningMeasure.stats(of: child.id, calendar: child.calendar, on: context.sql)
        let held = Dictionary(uniqueKeysWithValues: try await earned(by: child.id, on: context.sql).map { ($0.badge_key, $0) })
        let custom = try await CustomBadgeStore.all(ofFamily: child.familyID, on: context.sql)
            .filter { !$0.isRetired || held[$0.definition.key] != nil }.map(\.definition)
        return (BadgeCatalog.all + custom).map { badge in
            let row = held[badge.key]
            return dto(badge, earnedAt: row?.first_earned_at, timesEarned: row?.times_earned ?? 0, progress: badge.progress(in: stats))
        }
    }

    /// The badges a family's children can earn, nobody's progress.
    static func catalogue(forFamily familyID: UUID, on sql: any SQLDatabase) async throws -> [BadgeDto] {
        try await definitions(forFamily: familyID, on: sql).map { dto($0, earnedAt: nil, timesEarned: 0, progress: 0) }
    }

    static func dto(_ badge: BadgeDefinition, earnedAt: Date?, timesEarned: Int, progress: Double) -> BadgeDto {
        BadgeDto(
            badgeKey: badge.key, title: badge.title, description: badge.description, icon: badge.icon, isRare: badge.isRare,
            pointsAwarded: badge.pointsAwarded, earned: timesEarned > 0, earnedAt: earnedAt, timesEarned: timesEarned,
            progress: timesEarned > 0 ? 1 : progress, criteria: badge.criteria)
    }
}
