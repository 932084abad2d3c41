import AllowanceAPI
import AllowanceCore
import Foundation
import SQLKit

/// A family's plan as stored (`families.premium_until`, set by the operator's `plan` command),
/// read by the rules of `LearningPlan`.
enum PlanService {
    static func premiumUntil(ofFamily familyID: UUID, on sql: any SQLDatabase) async throws -> Date? {
        struct Row: Decodable { let premium_until: Date? }
        return try await sql.raw("SELECT premium_until FROM families WHERE id = \(bind: familyID)").first(decoding: Row.self)?.premium_until
    }

    static func plan(ofFamily familyID: UUID, in context: ServiceContext) async throws -> LearningPlan {
        LearningPlan(premiumUntil: try await premiumUntil(ofFamily: familyID, on: context.sql), now: context.now)
    }

    static func dto(ofFamily familyID: UUID, in context: ServiceContext) async throws -> PlanDto {
        let until = try await premiumUntil(ofFamily: familyID, on: context.sql)
        let plan = LearningPlan(premiumUntil: until, now: context.now)
        let features = plan.features
        return PlanDto(
            plan: plan.name, premiumUntil: until, inGracePeriod: plan.inGracePeriod,
            features: PlanFeaturesDto(
                unlimitedGoals: features.unlimitedGoals, advancedBadges: features.advancedBadges,
                customNotifications: features.customNotifications, detailedAnalytics: features.detailedAnalytics))
    }

    /// The 402 a Basic family gets for a Premium action; `message` says what Premium unlocks.
    static func upgradeRequired(_ message: String) -> AppError { AppError(.paymentRequired, .upgradeRequired, message) }

    /// Sets the plan (the operator's `plan` command): Premium until a date, or Basic (nil).
    static func set(premiumUntil: Date?, forFamily familyID: UUID, in context: ServiceContext) async throws {
        try await context.write { db in
            try await db.sql.raw("UPDATE families SET premium_until = \(bind: premiumUntil) WHERE id = \(bind: familyID)").run()
        }
    }
}
