import AllowanceKit
import Foundation
import Testing

/// What the screens read aloud and show beside the view models' own texts (App Screens 8.1).
@MainActor @Suite struct PresentationTests {
    @Test func dashboardsReadTheirCardsAsOne() async throws {
        try await withServer { server in
            let parent = try await server.parentClient()
            let dashboard = ParentDashboardViewModel(client: parent, format: usFormat)
            await dashboard.load()
            #expect(dashboard.childrenCountText == "2 Children")
            let kai = try #require(dashboard.children.first { $0.firstName == "Kai" })
            let card = dashboard.card(kai)
            #expect(card.accessibilityLabel == "Kai")
            #expect(card.accessibilityValue == "Balance: $100.00, Weekly allowance: $10.00/week")
            #expect(dashboard.overviewAccessibilityLabel.contains("total balance $200.00"))
            #expect(
                dashboard.recentActivityText(kai).hasSuffix("recent transaction")
                    || dashboard.recentActivityText(kai).hasSuffix("transactions"))

            let child = ChildDashboardViewModel(client: try await server.childClient("kai@example.com"), format: usFormat)
            await child.load()
            #expect(child.greeting == "Hi, Kai!")
            #expect(child.balanceAccessibilityLabel.hasPrefix("Current balance $100.00. Weekly allowance $10.00. Next allowance: "))
            #expect(child.monthAccessibilityLabel.hasPrefix("This month: earned "))
            let first = try #require(child.recentTransactions.first)
            #expect(child.row(first).accessibilityLabel.contains("received +$100.00"))
        }
    }

    @Test func theChildScreenAndTheChildPickerOfAParent() async throws {
        try await withServer { server in
            let parent = try await server.parentClient()
            let kai = try await server.child(named: "Kai", using: parent)
            let detail = ChildDetailViewModel(childId: kai.id, client: parent, format: usFormat)
            await detail.load()
            #expect(detail.title == "Kai Demo")
            #expect(detail.balanceText == "$100.00")
            #expect(detail.allowanceText == "$10.00 every Saturday")
            #expect(detail.nextPaydayText?.hasPrefix("Next allowance: ") == true)
            #expect(detail.accessibilitySummary == "Kai Demo, balance $100.00, weekly allowance $10.00 every Saturday")
            let picker = ChildSelectionViewModel(client: parent)
            await picker.load()
            #expect(picker.children.map(\.firstName) == ["Freya", "Kai"])
            #expect(picker.selectedChild?.firstName == "Freya")
            #expect(picker.showsPicker)
            let missing = ChildDetailViewModel(childId: UUID(), client: parent)
            await missing.load()
            #expect(missing.state.failureMessage != nil)
        }
    }

    @Test func ledgerRowsAndThePreviewReadAloud() {
        let entry = TransactionResponse(
            id: UUID(), childId: UUID(), amount: Money(cents: 250), type: .debit, description: "Comic", category: nil, notes: nil,
            balanceAfter: Money(cents: 9750), createdAt: Date(timeIntervalSince1970: 1_790_000_000), createdBy: nil, createdByName: "Pat")
        let row = TransactionRow(entry, format: usFormat)
        #expect(row.typeText == "Spent")
        #expect(row.accessibilityLabel.hasPrefix("Comic, spent -$2.50, "))
        #expect(row.accessibilityLabel.hasSuffix("balance after $97.50"))
        let preview = BalancePreview(currentText: "$1.00", newText: "-$1.00", isOverdrawn: true)
        #expect(preview.accessibilityLabel == "Current balance $1.00, new balance -$1.00, more than the balance")
    }

    @Test func piggyBankRowsAndTheDeleteConfirmationBinding() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("piggy-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let viewModel = PiggyBankViewModel(store: try LocalPiggyBankStore(path: path), format: usFormat)
        await viewModel.load()
        let kai = try #require(viewModel.tallies.first { $0.name == "Kai" })
        #expect(viewModel.quickSubtractTitle == "Subtract $5.00")
        await viewModel.quickSubtract(kai)
        #expect(viewModel.accessibilityLabel(viewModel.current(kai)) == "Kai, $95.00")
        let rows = viewModel.history.map(viewModel.historyRow)
        #expect(rows.map(\.amountText) == ["-$5.00", "+$100.00"])
        #expect(rows.map(\.title) == ["Spent", "Starting balance"])
        viewModel.requestDelete(kai)
        #expect(viewModel.isConfirmingDelete)
        viewModel.isConfirmingDelete = false
        #expect(viewModel.pendingDeletion == nil)
    }

    @Test func recurringRowsSayWhatAndWhen() async throws {
        try await withServer { server in
            let parent = try await server.parentClient()
            let kai = try await server.child(named: "Kai", using: parent)
            _ = try await parent.createRecurringTransaction(
                CreateRecurringTransactionDto(
                    childId: kai.id, name: "Comics", amount: Money(cents: 399), type: .debit, pattern: .weekly, dayOfWeek: 1,
                    startDate: server.now.value, requiresApproval: true))
            let list = RecurringListViewModel(client: parent)
            await list.load()
            let row = list.row(try #require(list.schedules.first), format: usFormat)
            #expect(row.amountText == "-$3.99")
            #expect(row.nextText.hasPrefix("Next: "))
            #expect(row.accessibilityLabel.hasPrefix("Comics for Kai, -$3.99, "))
            #expect(row.accessibilityLabel.hasSuffix(", needs approval"))
            #expect(list.waiting.isEmpty)
        }
    }
}

@MainActor @Suite struct LearningPresentationTests {
    @Test func aLearningGoalOpensByItsIdAndTheListSumsUp() async throws {
        try await withServer { server in
            // setup: a week on from the demo's start, so the new goal's week has none of the
            // learning the demo seeds (up to yesterday) on any day the test runs.
            server.now.value = server.now.value.addingTimeInterval(7 * 86_400)
            let parent = try await server.parentClient()
            let kai = try await server.child(named: "Kai", using: parent)
            let list = LearningGoalsViewModel(childId: kai.id, client: parent)
            list.title = "Read"
            list.target = "5"
            await list.create()
            let goal = try #require(list.goals.first)
            // act
            let detail = LearningGoalDetailViewModel(learningGoalId: goal.id, client: parent, format: usFormat)
            await detail.load()
            // assert
            #expect(detail.progressText == "0 of 5 hours")
            #expect(detail.percentText == "0%")
            #expect(detail.periodText.hasPrefix("Weekly, "))
            #expect(list.summaryText == "1 goal, 0% done on average")
            #expect(list.statusText(goal) == "In progress" || list.statusText(goal) == "Not started")
            #expect(list.accessibilityLabel(goal).hasPrefix("Read, 0 of 5 hours, 0 percent"))
            let missing = LearningGoalDetailViewModel(learningGoalId: UUID(), client: parent)
            await missing.load()
            #expect(missing.state.failureMessage != nil)
        }
    }
}

@MainActor @Suite struct InboxAndBadgePresentationTests {
    @Test func notificationsAndBadgesReadAloud() async throws {
        try await withServer { server in
            // setup: money for Kai makes a notification
            let parent = try await server.parentClient()
            let kai = try await server.child(named: "Kai", using: parent)
            try await server.record(.credit, cents: 500, "Chores", for: kai.id, using: parent)
            let kaiClient = try await server.childClient("kai@example.com")
            // act
            let inbox = NotificationsViewModel(client: kaiClient)
            await inbox.load()
            let badges = BadgesViewModel(childId: kai.id, client: kaiClient)
            await badges.load()
            // assert
            for notification in inbox.notifications {
                let label = inbox.accessibilityLabel(notification)
                #expect(label.contains(notification.title) && label.hasSuffix(inbox.dateText(notification)))
                #expect(label.hasPrefix("Unread. ") == !notification.isRead)
            }
            let toEarn = try #require(badges.toEarn.first)
            #expect(badges.accessibilityLabel(toEarn) == "\(toEarn.title), \(badges.progressText(toEarn)) of the way: \(toEarn.criteria)")
        }
    }
}
