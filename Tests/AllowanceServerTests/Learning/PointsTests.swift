import AllowanceAPI
import Foundation
import Testing
import Vapor

@testable import AllowanceServer

/// The points ledger is as exact as money: never below zero, every change a row, and
/// redemptions turn into money only at the family's rate.
@Suite struct PointsTests {
    @Test func pointsNeverGoNegativeUnderTwentyConcurrentRedemptions() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            try await client.learn(100, for: kai, token: kai.token)  // 100 points
            // act: 20 redemptions of 10 points at once.
            let statuses = try await withThrowingTaskGroup(of: UInt.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        try await client.send(
                            .POST, "/api/v1/children/\(kai.id)/points/redeem", token: kai.token,
                            json: PointsChangeDto(points: 10, description: "Treat \(index)")
                        ).status.code
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            // assert: exactly ten succeed, the balance is 0, and the rows add up.
            #expect(statuses.filter { $0 == 200 }.count == 10)
            #expect(statuses.filter { $0 == 422 }.count == 10)
            let points = try await client.points(of: kai, token: kai.token)
            #expect(points.balance == 0 && points.totalEarned == 100)
            #expect(points.transactions.map(\.amount).reduce(0, +) == 0)
            #expect(points.transactions.first?.balanceAfter == 0)
            #expect(try await client.audit(family).isClean)
        }
    }

    @Test func redeemingAtTheFamilysRateCreditsMoney() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 1_00))])
            let kai = family.children[0]
            try await client.learn(120, for: kai, token: kai.token)  // 120 points
            // Without a rate, points are only points.
            let plain: RedemptionDto = try await client.call(
                .POST, "/api/v1/children/\(kai.id)/points/redeem", token: kai.token,
                json: PointsChangeDto(points: 20, description: "Sticker"))
            #expect(plain.moneyCredited == nil && plain.entry.balanceAfter == 100)
            // 100 points = $1.00.
            let rate: LearningSettingsDto = try await client.call(
                .PUT, "/api/v1/families/current/learning-settings", token: family.parent.token,
                json: LearningSettingsDto(pointsPerDollar: 100))
            #expect(rate.pointsPerDollar == 100 && rate.streakReminderTime == "18:00")
            let cash: RedemptionDto = try await client.call(
                .POST, "/api/v1/children/\(kai.id)/points/redeem", token: kai.token,
                json: PointsChangeDto(points: 75, description: "Cash in"))
            #expect(cash.moneyCredited == Money(cents: 75) && cash.entry.type == .redeemed && cash.entry.amount == -75)
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 1_75))
            let entry = try #require(try await client.ledger(of: kai, in: family).last)
            #expect(entry.description == "Points redeemed: Cash in" && entry.amount == Money(cents: 75))
            #expect(try await client.audit(family).isClean)
        }
    }

    @Test func parentsAdjustChildrenCannotAndNothingGoesBelowZero() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero), ("Freya", .zero)])
            let (kai, freya) = (family.children[0], family.children[1])
            let added: PointsEntryDto = try await client.call(
                .POST, "/api/v1/children/\(kai.id)/points/adjust", token: family.parent.token,
                json: PointsChangeDto(points: 40, description: "Chores"))
            #expect(added.type == .adjusted && added.balanceAfter == 40)
            let tooMuch = try await client.send(
                .POST, "/api/v1/children/\(kai.id)/points/adjust", token: family.parent.token,
                json: PointsChangeDto(points: -41, description: "Oops"))
            #expect(tooMuch.status == .unprocessableEntity && tooMuch.error?.message == "Not enough points: Kai has 40")
            let byChild = try await client.send(
                .POST, "/api/v1/children/\(kai.id)/points/adjust", token: kai.token, json: PointsChangeDto(points: 500, description: "Me"))
            #expect(byChild.status == .forbidden)
            let bySister = try await client.send(
                .POST, "/api/v1/children/\(kai.id)/points/redeem", token: freya.token, json: PointsChangeDto(points: 1, description: "Hers")
            )
            #expect(bySister.status == .notFound)
            let zero = try await client.send(
                .POST, "/api/v1/children/\(kai.id)/points/redeem", token: kai.token,
                json: PointsChangeDto(points: 0, description: "Nothing"))
            // Zero fits the document (an adjustment takes either sign); a redemption's rule refuses it.
            #expect(zero.status == .unprocessableEntity && zero.error?.message == "points must be more than 0")
            #expect(try await client.points(of: kai, token: kai.token).balance == 40)
        }
    }
}
