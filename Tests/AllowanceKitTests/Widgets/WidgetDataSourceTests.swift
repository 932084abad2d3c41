import AllowanceKit
import Foundation
import Testing

/// The widgets' entries from the widget endpoints, and their refresh after money moves.
@MainActor @Suite struct WidgetDataSourceTests {
    @Test func aChildsBalanceWidgetShowsTheirMoneyAndChangesAfterATransaction() async throws {
        try await withServer { server in
            // setup
            let kaiClient = try await server.childClient("kai@example.com")
            let widgets = WidgetDataSource(client: kaiClient, format: usFormat)
            let before = try #require(await widgets.balance(childId: nil).entry)
            #expect(before.childName == "Kai")
            #expect(before.balanceText == "$100.00")
            #expect(before.link == Route.childDetail(childId: before.childId).deepLink)
            // The demo family's opening balance was credited today.
            #expect(before.changeTodayText == "+$100.00")
            // act: a parent records a spend, and the app reloads the affected widgets
            let parent = try await server.parentClient()
            let reloads = ReloadRecorder()
            let create = CreateTransactionViewModel(client: parent, childId: before.childId, format: usFormat)
            await create.loadChildren()
            create.type = .debit
            create.amount = "2.50"
            create.description = "Comic"
            await create.create()
            #expect(create.isCreated)
            reloads.refresher.moneyMoved(.transaction)
            // assert
            #expect(reloads.kinds == [.balance, .quickActions, .familyBalances])
            let after = try #require(await widgets.balance(childId: nil).entry)
            #expect(after.balanceText == "$97.50")
            #expect(after.changeTodayText == "+$97.50")
            #expect(after.changeIsUp && !after.changeIsDown)
            #expect(after.accessibilityLabel.hasPrefix("Kai has $97.50 to spend"))
        }
    }

    @Test func aParentSeesTheFamilyAndTheFirstChildByName() async throws {
        try await withServer { server in
            let widgets = WidgetDataSource(client: try await server.parentClient(), format: usFormat)
            let family = try #require(await widgets.familyBalances().entry)
            #expect(family.rows.map(\.name) == ["Kai", "Freya"] || family.rows.map(\.name) == ["Freya", "Kai"])
            #expect(family.totalText == "$200.00")
            #expect(family.accessibilityLabel.contains("Kai has $100.00."))
            #expect(try #require(await widgets.balance(childId: nil).entry).childName == "Freya")
        }
    }

    @Test func theGoalWidgetFollowsTheFrontGoal() async throws {
        try await withServer { server in
            // setup
            let parent = try await server.parentClient()
            let kai = try await server.child(named: "Kai", using: parent)
            let kaiWidgets = WidgetDataSource(client: try await server.childClient("kai@example.com"), format: usFormat)
            #expect(await kaiWidgets.goal(goalId: nil) == .message("No savings goal yet. Make one in the app."))
            let goal = try await parent.createSavingsGoal(
                CreateSavingsGoalDto(childId: kai.id, name: "Kite", targetAmount: Money(cents: 2000)))
            _ = try await parent.contribute(to: goal.id, ContributeToGoalDto(amount: Money(cents: 500)))
            // act
            let entry = try #require(await kaiWidgets.goal(goalId: nil).entry)
            // assert
            #expect(entry.goalName == "Kite")
            #expect(entry.percentText == "25%")
            #expect(entry.progress == 0.25)
            #expect(entry.remainingText == "$15.00")
            #expect(entry.link == Route.goalDetail(goalId: goal.id).deepLink)
            #expect(try #require(await kaiWidgets.balance(childId: nil).entry).savingsText == "$5.00")
        }
    }

    @Test func quickActionsOfferFourTemplatesWithTheirAmounts() async throws {
        try await withServer { server in
            let widgets = WidgetDataSource(client: try await server.childClient("kai@example.com"), format: usFormat)
            let entry = try #require(await widgets.quickActions(childId: nil).entry)
            #expect(entry.actions.count == QuickActionsWidgetEntry.maximumActions)
            #expect(entry.balanceText == "$100.00")
            let lunch = try #require(entry.actions.first { $0.name == "Lunch" })
            #expect(lunch.amountText == "$5.00")
            #expect(lunch.accessibilityLabel == "Lunch, $5.00 out")
        }
    }

    @Test func refusalsAndASignedOutDeviceBecomeSentences() async throws {
        try await withServer { server in
            let kid = WidgetDataSource(client: try await server.childClient("kai@example.com"))
            guard case .message(let refusal) = await kid.familyBalances() else {
                Issue.record("a child must not see the family's balances")
                return
            }
            #expect(!refusal.isEmpty)
            let nobody = WidgetDataSource(client: server.client())
            #expect(await nobody.balance(childId: nil) == .message(WidgetDataSource.signInMessage))
        }
    }

    @Test func timelinesRefreshEveryFifteenMinutesAndSoonerAfterAFailure() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        #expect(WidgetTimelinePolicy.nextRefresh(after: now, succeeded: true) == now.addingTimeInterval(900))
        #expect(WidgetTimelinePolicy.nextRefresh(after: now, succeeded: false) == now.addingTimeInterval(300))
        let reloads = ReloadRecorder()
        reloads.refresher.moneyMoved(.goal)
        #expect(reloads.kinds == [.balance, .goalProgress, .quickActions, .familyBalances])
    }
}
