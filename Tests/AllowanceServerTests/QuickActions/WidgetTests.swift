import AllowanceAPI
import Foundation
import Testing

@testable import AllowanceServer

/// Widget and voice data (quick-actions.md "Widget Data", "Siri Shortcuts").
@Suite struct WidgetTests {
    @Test func balanceWidget_ShowsTodaysChangeInTheFamilysDay() async throws {
        try await withApp { client in
            var family = try await client.family(children: [("Kai", Money(cents: 40_00))])
            // Sunday 22 November, 10:00 in New York.
            client.now.value = utc("2026-11-22T15:00:00Z")
            family = try await client.signIn(family)
            let kai = family.children[0]
            try await client.post(.credit, 5_00, to: kai, in: family)
            try await client.post(.debit, 2_50, to: kai, in: family)
            let widget: BalanceWidgetDataDto = try await client.call(.GET, "/api/v1/widgets/balance/\(kai.id)", token: kai.token)
            #expect(widget.childName == "Kai" && widget.childId == kai.id)
            #expect(widget.currentBalance == Money(cents: 42_50))
            #expect(widget.balanceChangeToday == "+$2.50")
            #expect(widget.savingsBalance == .zero && widget.totalBalance == Money(cents: 42_50))
            #expect(widget.lastUpdated == utc("2026-11-22T15:00:00Z"))
            // 23:30 in New York is still Sunday there (04:30 Monday in UTC).
            client.now.value = utc("2026-11-23T04:30:00Z")
            try await client.post(.debit, 3_00, to: kai, in: family)
            let late: BalanceWidgetDataDto = try await client.call(.GET, "/api/v1/widgets/balance/\(kai.id)", token: family.parent.token)
            #expect(late.balanceChangeToday == "-$0.50")
            // Half past midnight: a new day.
            client.now.value = utc("2026-11-23T05:30:00Z")
            let monday: BalanceWidgetDataDto = try await client.call(.GET, "/api/v1/widgets/balance/\(kai.id)", token: family.parent.token)
            #expect(monday.balanceChangeToday == "$0.00")
        }
    }

    @Test func siriBalance_AnswersLikeAPerson() async throws {
        try await withApp { client in
            var family = try await client.family(children: [("Kai", Money(cents: 37_50))])
            client.now.value = utc("2026-11-22T15:00:00Z")
            family = try await client.signIn(family)
            let kai = family.children[0]
            let same: SiriBalanceResponseDto = try await client.call(.GET, "/api/v1/siri/balance/\(kai.id)", token: family.parent.token)
            #expect(same.spokenResponse == "Kai has $37.50. That's the same as yesterday.")
            try await client.post(.credit, 5_00, to: kai, in: family)
            let more: SiriBalanceResponseDto = try await client.call(.GET, "/api/v1/siri/balance/\(kai.id)", token: family.parent.token)
            #expect(more.spokenResponse == "Kai has $42.50. That's $5.00 more than yesterday.")
            #expect(more.balance == Money(cents: 42_50) && more.formattedBalance == "$42.50")
            let mine: SiriBalanceResponseDto = try await client.call(.GET, "/api/v1/siri/balance/\(kai.id)", token: kai.token)
            #expect(mine.spokenResponse == "You have $42.50. That's $5.00 more than yesterday.")
            try await client.post(.debit, 10_00, to: kai, in: family)
            let less: SiriBalanceResponseDto = try await client.call(.GET, "/api/v1/siri/balance/\(kai.id)", token: family.parent.token)
            #expect(less.spokenResponse == "Kai has $32.50. That's $5.00 less than yesterday.")
        }
    }

    @Test func quickActionsWidget_MostUsedFirstAndAChildSeesSpendingOnly() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 40_00))])
            let kai = family.children[0]
            let book = UUID(uuidString: "0A11CE00-7E3A-4000-8000-000000000005")!
            let lunch = UUID(uuidString: "0A11CE00-7E3A-4000-8000-000000000001")!
            for template in [book, lunch, book] {
                _ = try await client.call(
                    .POST, "/api/v1/templates/\(template)/use", token: family.parent.token, json: UseTemplateDto(childId: kai.id),
                    as: TransactionResponse.self)
            }
            let parentView: QuickActionsWidgetDataDto = try await client.call(
                .GET, "/api/v1/widgets/quick-actions/\(kai.id)", token: family.parent.token)
            #expect(
                parentView.templates.map(\.name) == [
                    "Book", "Lunch", "Snack", "Movie", "Game", "Toy", "Gift", "Chore Bonus", "Found Money",
                ])
            #expect(parentView.templates.prefix(2).map(\.usageCount) == [2, 1])
            #expect(parentView.currentBalance == Money(cents: 15_00))
            let kaiView: QuickActionsWidgetDataDto = try await client.call(
                .GET, "/api/v1/widgets/quick-actions/\(kai.id)", token: kai.token)
            #expect(kaiView.templates.map(\.name) == ["Book", "Lunch", "Snack", "Movie", "Game", "Toy"])
        }
    }

    @Test func familyBalances_ListEveryChildForParentsOnly() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 42_50)), ("Freya", Money(cents: 7_00))])
            let widget: MultiChildWidgetDataDto = try await client.call(.GET, "/api/v1/widgets/family-balances", token: family.parent.token)
            #expect(widget.children.map(\.name) == ["Freya", "Kai"])
            #expect(widget.children.map(\.balance) == [Money(cents: 7_00), Money(cents: 42_50)])
            #expect(widget.children.map(\.childId) == [family.children[1].id, family.children[0].id])
            let asChild = try await client.send(.GET, "/api/v1/widgets/family-balances", token: family.children[0].token)
            #expect(asChild.status == .forbidden && asChild.error?.code == "parent_only")
        }
    }

    @Test func widgets_SayNothingAboutSomeoneElsesMoney() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 42_50)), ("Freya", Money(cents: 7_00))])
            let stranger = try await client.family(name: "Strangers", children: [("Sam", Money(cents: 1_00))])
            let kai = family.children[0]
            for path in ["/api/v1/widgets/balance/\(kai.id)", "/api/v1/widgets/quick-actions/\(kai.id)", "/api/v1/siri/balance/\(kai.id)"] {
                for token in [family.children[1].token, stranger.parent.token, stranger.children[0].token] {
                    let response = try await client.send(.GET, path, token: token)
                    #expect(response.status == .notFound, "\(path)")
                    #expect(!response.body.string.contains("42.5"), "\(path) leaked a balance")
                }
            }
            let theirs: MultiChildWidgetDataDto = try await client.call(
                .GET, "/api/v1/widgets/family-balances", token: stranger.parent.token)
            #expect(theirs.children.map(\.name) == ["Sam"])
        }
    }
}
