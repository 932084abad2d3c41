import AllowanceAPI
import AllowanceCore
import Foundation
import SQLKit

/// A family's plan: Premium while `premium_until` is ahead, then 7 days of grace, then Basic
/// (which keeps read-only access to everything made under Premium).
enum PlanService {
    static let graceDays = 7
    static let basicActiveGoals = 3

    enum Plan: Equatable {
        case basic
        case premium
        case grace
    }

    static func plan(premiumUntil: Date?, now: Date) -> Plan {
        guard let premiumUntil else { return .basic }
        if now < premiumUntil { return .premium }
        if now < premiumUntil.addingTimeInterval(TimeInterval(graceDays * 86_400)) { return .grace }
        return .basic
    }

    static func premiumUntil(ofFamily familyID: UUID, on sql: any SQLDatabase) async throws -> Date? {
        struct Row: Decodable { let premium_until: Date? }
        return try await sql.raw("SELECT premium_until FROM families WHERE id = \(bind: familyID)").first(decoding: Row.self)?.premium_until
    }

    static func dto(ofFamily familyID: UUID, in context: ServiceContext) async throws -> PlanDto {
        let until = try await premiumUntil(ofFamily: familyID, on: context.sql)
        let plan = plan(premiumUntil: until, now: context.now)
        let premium = plan != .basic
        return PlanDto(
            plan: premium ? "Premium" : "Basic", premiumUntil: until, inGracePeriod: plan == .grace,
            features: PlanFeaturesDto(
                unlimitedGoals: premium, advancedBadges: premium, customNotifications: premium, detailedAnalytics: premium))
    }

    /// The 402 a Basic family gets for a Premium action, saying what Premium unlocks.
    static func upgradeRequired(_ what: String) -> AppError {
        AppError(
            .paymentRequired, .upgradeRequired,
            "\(what) Premium unlocks unlimited learning goals, custom badges, detailed analytics and custom notifications.")
    }

    /// Sets the plan (the operator's `plan` command): Premium until a date, or Basic (nil).
    static func set(premiumUntil: Date?, forFamily familyID: UUID, in context: ServiceContext) async throws {
        try await context.write { db in
            try await db.sql.raw("UPDATE families SET premium_until = \(bind: premiumUntil) WHERE id = \(bind: familyID)").run()
        }
    }
}
