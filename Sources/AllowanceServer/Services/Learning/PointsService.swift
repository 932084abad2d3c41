import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit

/// Redeeming and adjusting points. When the family has set an exchange rate (points per
/// dollar), a redemption also credits the money to the child's balance: both entries in one
/// transaction, the money through `LedgerService.post`.
enum PointsService {
    static let descriptionLength = 200
    static let largestChange = 1_000_000

    static func redeem(_ input: PointsChangeDto, for child: ChildRecord, by user: AuthUser, in context: ServiceContext) async throws
        -> RedemptionDto
    {
        guard abs(input.points) <= largestChange else { throw AppError.validation("points must be at most \(largestChange)") }
        // The request type also adjusts, where points may be negative: a redemption's sign is its own rule.
        guard input.points > 0 else { throw AppError.unprocessable("points must be more than 0") }
        let description = try InputRules.required(input.description, "Description", max: descriptionLength)
        let rate = try await pointsPerDollar(ofFamily: child.familyID, on: context.sql)
        let money = try rate.map { try exchange(input.points, atRate: $0) }
        let now = context.now
        return try await context.write { db in
            let entry = try await PointsLedger.post(
                PointsPosting(
                    childID: child.id, type: .redeemed, amount: -Int64(input.points), description: description, createdBy: user.userID,
                    at: now),
                on: db)
            guard let money, money.isPositive else { return RedemptionDto(entry: entry, moneyCredited: nil, transactionId: nil) }
            let credit = try await LedgerService.post(
                LedgerPosting(
                    childID: child.id, type: .credit, amount: money, description: "Points redeemed: \(description)", category: "Points",
                    createdBy: user.userID, at: now),
                calendar: child.calendar, on: db)
            try await db.sql.raw("UPDATE points_entries SET transaction_id = \(bind: credit.id) WHERE id = \(bind: entry.id)").run()
            return RedemptionDto(entry: entry, moneyCredited: money, transactionId: credit.id)
        }
    }

    /// A parent's correction, either way; the balance still never goes below zero.
    static func adjust(_ input: PointsChangeDto, for child: ChildRecord, by parent: AuthUser, in context: ServiceContext) async throws
        -> PointsEntryDto
    {
        guard input.points != 0 else { throw AppError.validation("points must not be 0") }
        guard abs(input.points) <= largestChange else { throw AppError.validation("points must be at most \(largestChange) either way") }
        let description = try InputRules.required(input.description, "Description", max: descriptionLength)
        let now = context.now
        return try await context.write { db in
            try await PointsLedger.post(
                PointsPosting(
                    childID: child.id, type: .adjusted, amount: Int64(input.points), description: description, createdBy: parent.userID,
                    at: now),
                on: db)
        }
    }

    /// Money for points at `rate` points per dollar, in whole cents only: 30 points per dollar
    /// redeem in steps of 3 points (10 cents), so nothing is rounded away.
    static func exchange(_ points: Int, atRate rate: Int) throws -> Money {
        let cents = Int64(points) * 100
        guard cents % Int64(rate) == 0 else {
            let step = rate / gcd(rate, 100)
            throw AppError.unprocessable("At \(rate) points per dollar, redeem points in steps of \(step)")
        }
        return Money(cents: cents / Int64(rate))
    }

    static func pointsPerDollar(ofFamily familyID: UUID, on sql: any SQLDatabase) async throws -> Int? {
        struct Row: Decodable { let points_per_dollar: Int? }
        return try await sql.raw("SELECT points_per_dollar FROM families WHERE id = \(bind: familyID)").first(decoding: Row.self)?
            .points_per_dollar
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
}
