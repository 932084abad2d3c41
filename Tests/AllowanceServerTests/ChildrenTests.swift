import AllowanceAPI
import Foundation
import Testing

@testable import AllowanceServer

@Suite struct ChildrenTests {
    @Test func parentListsUpdatesAndDeletesChildren() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 100_00)), ("Freya", Money(cents: 100_00))])
            let token = family.parent.token
            let listed = try await client.call(.GET, "/api/v1/families/current/children", token: token, as: FamilyChildrenResponse.self)
                .children
            #expect(listed.map(\.firstName) == ["Freya", "Kai"])
            #expect(listed.allSatisfy { $0.currentBalance == Money(cents: 100_00) })

            let kai = family.children[0]
            let updated: ChildResponse = try await client.call(
                .PUT, "/api/v1/children/\(kai.id)", token: token,
                json: UpdateChildRequest(firstName: "Kai-Lee", weeklyAllowance: Money(cents: 12_50), allowanceDay: .friday))
            #expect(updated.firstName == "Kai-Lee")
            #expect(updated.lastName == "Kid")
            #expect(updated.weeklyAllowance == Money(cents: 12_50))
            #expect(updated.allowanceDay == .friday)
            #expect(updated.allowanceDayName == "Friday")

            let deleted = try await client.send(.DELETE, "/api/v1/children/\(kai.id)", token: token)
            #expect(deleted.status == .noContent)
            #expect(try await client.send(.GET, "/api/v1/children/\(kai.id)", token: token).status == .notFound)
            // The child's login ends with the account.
            #expect(try await client.send(.GET, "/api/v1/auth/me", token: kai.token).status == .unauthorized)
            let remaining: [ChildResponse] = try await client.call(.GET, "/api/v1/children", token: token)
            #expect(remaining.map(\.firstName) == ["Freya"])
            #expect(try await client.audit(family).isClean)
        }
    }

    @Test func healthAnswersOnceReady() async throws {
        try await withApp { client in
            let response = try await client.send(.GET, "/health")
            #expect(response.status == .ok)
            #expect(try response.decode(HealthResponse.self).status == "ok")
        }
    }

    /// A first launch shows Kai and Freya with $100.00 each (piggy-bank.md) and what the product
    /// does: months of history summing to it, a goal past its first milestone with a matching
    /// rule, a recurring schedule, templates and notifications. One test: on a shared
    /// PostgreSQL a second seeder would find the family half made.
    @Test func demoFamilyHasAHundredEachAndHistoryToShow() async throws {
        try await withApp { client in
            // setup: on a shared PostgreSQL another run may have created it already; seeding is idempotent.
            try await DemoFamily.seed(client.app)
            let login: AuthResponse = try await client.call(
                .POST, "/api/v1/auth/login", json: LoginRequest(email: DemoFamily.parentEmail, password: DemoFamily.password))
            let token = login.token
            let dashboard: ParentDashboardResponse = try await client.call(.GET, "/api/v1/dashboard/parent", token: token)
            #expect(dashboard.familyName == "The Demo Family")
            #expect(Set(dashboard.children.map(\.firstName)) == ["Kai", "Freya"])
            #expect(dashboard.children.allSatisfy { $0.currentBalance == Money(cents: 100_00) })
            let kai = try #require(dashboard.children.first { $0.firstName == "Kai" })
            let freya = try #require(dashboard.children.first { $0.firstName == "Freya" })
            for child in dashboard.children {
                let history = try await wholeLedger(of: child.childId, token: token, client)
                #expect(history.count > 30)
                #expect(history.reduce(Money.zero) { $0 + $1.type.signed($1.amount) } == Money(cents: 100_00))
            }
            // act
            let kaiGoals: [SavingsGoalDto] = try await client.call(.GET, "/api/v1/children/\(kai.childId)/savings-goals", token: token)
            let freyaGoals: [SavingsGoalDto] = try await client.call(.GET, "/api/v1/children/\(freya.childId)/savings-goals", token: token)
            let recurring: [RecurringTransactionDto] = try await client.call(.GET, "/api/v1/recurring-transactions", token: token)
            let templates: [TransactionTemplateDto] = try await client.call(.GET, "/api/v1/templates", token: token)
            let kaiLogin: AuthResponse = try await client.call(
                .POST, "/api/v1/auth/login", json: LoginRequest(email: "kai@example.com", password: DemoFamily.password))
            let news: NotificationListResponse = try await client.call(.GET, "/api/v1/notifications", token: kaiLogin.token)
            let ledger = try await wholeLedger(of: kai.childId, token: token, client)
            // assert
            let lego = try #require(kaiGoals.first { $0.name == "Lego Castle" })
            #expect(lego.milestones.first { $0.percentComplete == 25 }?.isAchieved == true)
            #expect(lego.hasMatchingRule)
            #expect(freyaGoals.first?.currentAmount.isPositive == true)
            #expect(recurring.contains { $0.name == "Feed the cat" && $0.occurrenceCount > 5 })
            #expect(templates.contains { $0.name == "Ice cream" && !$0.isGlobal })
            #expect(news.notifications.count > 5)
            let first = try #require(ledger.last)
            #expect(client.now.value.timeIntervalSince(first.createdAt) > 80 * 86_400)
            #expect(ledger.filter { $0.description == "Weekly allowance" }.count == 12)
            let report = try await LedgerAudit.run(on: client.app.db, familyID: login.familyId)
            #expect(report.isClean, "\(report.problems)")
        }
    }

    /// Every entry of a child's ledger, newest first, page by page.
    func wholeLedger(of childID: UUID, token: String, _ client: TestClient) async throws -> [TransactionResponse] {
        var entries: [TransactionResponse] = []
        while true {
            let page: TransactionListResponse = try await client.call(
                .GET, "/api/v1/children/\(childID)/transactions?limit=100&offset=\(entries.count)", token: token)
            entries += page.transactions
            if !page.hasMore { return entries }
        }
    }
}
