import Foundation
import Testing

@testable import AllowanceCore

@Suite struct GoalsAutoTransferTests {
    let day = Date(timeIntervalSince1970: 1_795_285_800)
    func goal(
        _ priority: Int, _ type: AutoTransferType, _ cents: Int64, status: GoalStatus = .active, remaining: Int64 = 100_00, age: Double = 0
    )
        -> AutoTransferPlan.Goal
    {
        AutoTransferPlan.Goal(
            id: UUID(), setting: AutoTransferSetting(type: type, amount: Money(cents: cents)), status: status, priority: priority,
            createdAt: day.addingTimeInterval(age),
            remaining: Money(cents: remaining))
    }

    @Test func fixedAmountAndPercentageOfA10DollarAllowance() {
        let allowance = Money(cents: 10_00)
        #expect(AutoTransferSetting.fixed(Money(cents: 2_00)).share(of: allowance) == Money(cents: 2_00))
        #expect(AutoTransferSetting.percentage(Percentage(hundredths: 25_00)).share(of: allowance) == Money(cents: 2_50))
        #expect(AutoTransferSetting.percentage(Percentage(hundredths: 12_50)).share(of: allowance) == Money(cents: 1_25))
        // 33.33 % of $10.00 is $3.333: rounded down, never more than the share.
        #expect(AutoTransferSetting.percentage(Percentage(hundredths: 33_33)).share(of: allowance) == Money(cents: 3_33))
        #expect(AutoTransferSetting.none.share(of: allowance) == .zero)
        // The wire's one number reads as money or as a percentage by the type beside it.
        #expect(AutoTransferSetting(type: .percentage, amount: Money(cents: 12_50)) == .percentage(Percentage(hundredths: 12_50)))
        #expect(AutoTransferSetting(type: .fixedAmount, amount: Money(cents: 12_50)) == .fixed(Money(cents: 12_50)))
    }

    @Test func goalsAreServedInPriorityOrderAndNeverBeyondTheAllowance() {
        let first = goal(1, .fixedAmount, 6_00)
        let second = goal(2, .percentage, 50_00)
        let third = goal(2, .fixedAmount, 3_00, age: 60)
        let plan = AutoTransferPlan.transfers(allowance: Money(cents: 10_00), goals: [third, second, first])
        #expect(
            plan == [
                .init(goalID: first.id, amount: Money(cents: 6_00)),
                .init(goalID: second.id, amount: Money(cents: 4_00)),  // wanted $5.00, only $4.00 left
            ])
    }

    @Test func pausedAndCompletedGoalsAreSkippedAndNoGoalTakesMoreThanItNeeds() {
        let paused = goal(1, .fixedAmount, 5_00, status: .paused)
        let done = goal(1, .fixedAmount, 5_00, status: .completed, remaining: 0)
        let almost = goal(2, .fixedAmount, 5_00, remaining: 1_50)
        let next = goal(3, .fixedAmount, 5_00)
        let plan = AutoTransferPlan.transfers(allowance: Money(cents: 10_00), goals: [paused, done, almost, next])
        #expect(plan == [.init(goalID: almost.id, amount: Money(cents: 1_50)), .init(goalID: next.id, amount: Money(cents: 5_00))])
        #expect(AutoTransferPlan.transfers(allowance: .zero, goals: [next]).isEmpty)
    }
}
