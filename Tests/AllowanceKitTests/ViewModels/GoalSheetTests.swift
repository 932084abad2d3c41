import AllowanceKit
import Foundation
import Testing

/// The goal screen's sheets, ring, milestone track and celebration as SwiftUI binds them.
@MainActor @Suite struct GoalSheetTests {
    @Test func sheetsCloseWhenTheServerAcceptsAndStayOpenOnARefusal() async throws {
        try await withServer { server in
            // setup
            let parent = try await server.parentClient()
            let kai = try await server.child(named: "Kai", using: parent)
            let goal = try await parent.createSavingsGoal(
                CreateSavingsGoalDto(childId: kai.id, name: "Bike", targetAmount: Money(cents: 4000)))
            let detail = SavingsGoalDetailViewModel(goalId: goal.id, client: parent, format: usFormat)
            await detail.load()
            let sheets = GoalSheetModel(detail: detail, isParent: true, now: server.now.value)
            #expect(sheets.actions == [.contribute, .matching, .challenge])
            // act: a bad amount keeps the sheet open
            sheets.present(.contribute)
            detail.contributeAmount = "abc"
            await sheets.submit()
            #expect(sheets.sheet == .contribute)
            #expect(detail.problem?.message == "Please enter a valid amount")
            detail.contributeAmount = "10"
            await sheets.submit()
            // assert
            #expect(sheets.sheet == nil)
            #expect(detail.percentText == "25%")
            #expect(detail.progressFraction == 0.25)
            #expect(detail.isCelebrating)
            detail.isCelebrating = false
            #expect(detail.celebration == nil)
            #expect(sheets.actions == [.contribute, .withdraw, .matching, .challenge])
            // matching and a challenge through their sheets
            sheets.present(.matching)
            sheets.matchRatio = "0.5"
            await sheets.submit()
            #expect(sheets.sheet == nil && detail.goal?.hasMatchingRule == true)
            #expect(detail.matchingText?.contains("Matched so far: $0.00") == true)
            sheets.present(.challenge)
            await sheets.submit()
            #expect(sheets.sheet == .challenge)
            sheets.challengeTarget = "20"
            sheets.challengeBonus = "5"
            await sheets.submit()
            #expect(sheets.sheet == nil)
            #expect(detail.challengeText?.hasPrefix("Save $20.00 by ") == true)
            #expect(sheets.actions == [.contribute, .withdraw])
            sheets.present(.withdraw)
            detail.withdrawAmount = "4"
            await sheets.submit()
            #expect(sheets.sheet == nil)
            let rows = detail.contributions.map(detail.contributionRow)
            #expect(rows.contains { $0.amountText == "-$4.00" && $0.isOut })
        }
    }

    @Test func aChildOnlyAddsMoneyAndTheTrackReadsInOrder() async throws {
        try await withServer { server in
            let parent = try await server.parentClient()
            let kai = try await server.child(named: "Kai", using: parent)
            let goal = try await parent.createSavingsGoal(
                CreateSavingsGoalDto(childId: kai.id, name: "Kite", targetAmount: Money(cents: 2000)))
            _ = try await parent.contribute(to: goal.id, ContributeToGoalDto(amount: Money(cents: 1000)))
            let detail = SavingsGoalDetailViewModel(
                goalId: goal.id, client: try await server.childClient("kai@example.com"), format: usFormat)
            await detail.load()
            #expect(GoalSheetModel(detail: detail, isParent: false).actions == [.contribute])
            #expect(detail.milestoneMarks.map(\.label) == ["25%", "50%", "75%", "100%"])
            #expect(detail.milestoneMarks.map(\.isAchieved) == [true, true, false, false])
            #expect(detail.milestoneMarks[1].accessibilityLabel == "50 percent milestone, reached")
            #expect(detail.progressAccessibilityLabel == "Kite, 50 percent saved, $10.00 of $20.00")
            let list = SavingsGoalsViewModel(childId: kai.id, client: parent, format: usFormat)
            await list.load()
            let row = list.row(try #require(list.goals.first))
            #expect(row.progress == 0.5 && row.symbolName == "star" && row.statusText == nil)
            #expect(row.accessibilityLabel == "Kite, 50 percent, $10.00 of $20.00")
        }
    }
}
