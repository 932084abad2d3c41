import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit

/// A Premium family's own badges: made by a parent, earned by the family's children by the
/// same rules as the catalogue's, retired (never deleted) when removed.
enum CustomBadgeStore {
    static let descriptionLength = 200
    static let iconLength = 60

    struct Stored: Sendable {
        let id: UUID
        let definition: BadgeDefinition
        let isRetired: Bool
    }

    static func all(ofFamily familyID: UUID, on sql: any SQLDatabase) async throws -> [Stored] {
        struct Row: Decodable {
            let id: UUID
            let title: String
            let description: String?
            let icon: String?
            let measure: String
            let threshold: Int
            let bundle_identifier: String?
            let app_name: String?
            let points_awarded: Int
            let retired_at: Date?
        }
        return try await sql.raw(
            """
            SELECT id, title, description, icon, measure, threshold, bundle_identifier, app_name, points_awarded, retired_at
            FROM custom_badges WHERE family_id = \(bind: familyID) ORDER BY created_at, id
            """
        ).all(decoding: Row.self).compactMap { row in
            guard let kind = BadgeMeasureKind(rawValue: row.measure) else { return nil }
            return Stored(
                id: row.id,
                definition: CustomBadges.definition(
                    id: row.id, title: row.title, description: row.description, icon: row.icon, kind: kind, threshold: row.threshold,
                    bundleIdentifier: row.bundle_identifier, appName: row.app_name, pointsAwarded: row.points_awarded),
                isRetired: row.retired_at != nil)
        }
    }

    /// Makes a badge (Premium only: Basic families get 402 with what Premium unlocks), then
    /// awards it at once to the children who already meet it.
    static func create(_ input: CreateCustomBadgeDto, by parent: AuthUser, in context: ServiceContext) async throws -> BadgeDto {
        let bonus = input.pointsAwarded ?? 0
        let bundle = input.measure == .appHours ? input.bundleIdentifier?.trimmingCharacters(in: .whitespaces) : nil
        // Each field's own limits are the document's (400); an AppHours badge needs its app (422).
        if let refusal = CustomBadges.refusal(
            title: input.title, kind: .hours, threshold: input.threshold, bundleIdentifier: nil, pointsAwarded: bonus)
        {
            throw AppError.validation(refusal)
        }
        if let refusal = CustomBadges.refusal(
            title: input.title, kind: input.measure, threshold: input.threshold, bundleIdentifier: bundle, pointsAwarded: bonus)
        {
            throw AppError.unprocessable(refusal)
        }
        let title = input.title.trimmingCharacters(in: .whitespacesAndNewlines)
        let description = try InputRules.optional(input.description, "Description", max: descriptionLength)
        let icon = try InputRules.optional(input.icon, "Icon", max: iconLength)
        // A request that could not make a badge is told so first; a good one from a Basic family learns of Premium.
        if let refusal = try await PlanService.plan(ofFamily: parent.familyID, in: context).refusal(.customBadges) {
            throw PlanService.upgradeRequired(refusal)
        }
        let id = UUID()
        return try await context.write { db in
            var appName: String?
            if let bundle {
                guard let app = try await AppCategoryService.find(bundle, familyID: parent.familyID, on: db) else {
                    throw AppError.unprocessable("\(bundle) is not one of the family's apps; add it on the apps list first")
                }
                appName = app.appName
            }
            try await db.sql.raw(
                """
                INSERT INTO custom_badges (id, family_id, title, description, icon, measure, threshold, bundle_identifier, app_name,
                                           points_awarded, created_by, created_at)
                VALUES (\(bind: id), \(bind: parent.familyID), \(bind: title), \(bind: description), \(bind: icon),
                        \(bind: input.measure.rawValue), \(bind: input.threshold), \(bind: bundle), \(bind: appName), \(bind: bonus),
                        \(bind: parent.userID), \(bind: context.now))
                """
            ).run()
            let inside = context.within(db)
            for child in try await FamilyDirectory.children(ofFamily: parent.familyID, on: db.sql) {
                try await LearningProgress.awardBadges(to: child, in: inside)
            }
            let definition = CustomBadges.definition(
                id: id, title: title, description: description, icon: icon, kind: input.measure, threshold: input.threshold,
                bundleIdentifier: bundle, appName: appName, pointsAwarded: bonus)
            return BadgeStore.dto(definition, earnedAt: nil, timesEarned: 0, progress: 0)
        }
    }

    /// Retires one of the family's badges by its key: no child earns it from now on, and the
    /// children who have it keep it. The catalogue's badges cannot be removed.
    static func retire(key: String, by parent: AuthUser, in context: ServiceContext) async throws {
        if BadgeCatalog.all.contains(where: { $0.key == key }) {
            throw AppError.unprocessable("\(key) is one of the standard badges, which cannot be removed")
        }
        guard let id = CustomBadges.id(inKey: key) else { throw AppError.notFound("Badge") }
        struct Retired: Decodable { let id: UUID }
        let retired = try await context.write { db in
            try await db.sql.raw(
                """
                UPDATE custom_badges SET retired_at = \(bind: context.now)
                WHERE id = \(bind: id) AND family_id = \(bind: parent.familyID) AND retired_at IS NULL RETURNING id
                """
            ).first(decoding: Retired.self)
        }
        guard retired != nil else { throw AppError.notFound("Badge") }
    }
}
