import AllowanceKit
import Foundation
import Testing

@MainActor @Suite struct DashboardViewModelTests {
    @Test func parentDashboardShowsTheFamilyAndACardPerChild() async throws {
        try await withServer { server in
            let viewModel = ParentDashboardViewModel(client: try await server.parentClient(), format: usFormat)
            await viewModel.load()
            #expect(viewModel.state == .loaded)
            #expect(viewModel.familyName == "The Demo Family")
            #expect(viewModel.totalBalanceText == "$200.00")
            #expect(viewModel.totalWeeklyAllowanceText == "$18.00")
            let kai = try #require(viewModel.children.first { $0.firstName == "Kai" })
            #expect(viewModel.card(kai).balanceText == "$100.00")
            #expect(viewModel.card(kai).allowanceText == "$10.00/week")
            #expect(!viewModel.isEmpty)
        }
    }

    @Test func aNewFamilyIsEmptyNotFailed() async throws {
        try await withServer { server in
            let client = server.client()
            try await client.registerParent(
                RegisterParentRequest(email: "new@example.com", password: "secret1", firstName: "N", lastName: "E", familyName: "New"))
            let viewModel = ParentDashboardViewModel(client: client)
            await viewModel.load()
            #expect(viewModel.isEmpty)
        }
    }

    @Test func refreshShowsAChangeMadeElsewhere() async throws {
        try await withServer { server in
            let client = try await server.parentClient()
            let viewModel = ParentDashboardViewModel(client: client, format: usFormat)
            await viewModel.load()
            let kai = try await server.child(named: "Kai", using: client)
            try await server.record(.credit, cents: 500, "Chores", for: kai.id, using: client)
            await viewModel.refresh()
            #expect(viewModel.totalBalanceText == "$205.00")
            #expect(!viewModel.isRefreshing)
        }
    }

    @Test func childDashboardShowsBalanceStatsPaydayAndGoals() async throws {
        try await withServer { server in
            let parent = try await server.parentClient()
            let kai = try await server.child(named: "Kai", using: parent)
            _ = try await parent.createSavingsGoal(CreateSavingsGoalDto(childId: kai.id, name: "Bike", targetAmount: Money(cents: 5000)))
            let viewModel = ChildDashboardViewModel(client: try await server.childClient("kai@example.com"), format: usFormat)
            await viewModel.load()
            #expect(viewModel.state == .loaded)
            #expect(viewModel.firstName == "Kai")
            #expect(viewModel.balanceText == "$100.00")
            #expect(viewModel.weeklyAllowanceText == "$10.00")
            #expect(viewModel.nextPaydayText?.hasPrefix("Next allowance: ") == true)
            #expect(viewModel.goals.map(\.name) == ["Bike"])
            #expect(viewModel.earnedThisMonthText.hasPrefix("$"))
        }
    }

    @Test func offlineTheLastDashboardIsShownMarkedStale() async throws {
        let directory = temporaryCacheDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = OfflineCache(directory: directory)
        let kaiUser = try await withServer { server in
            let client = try await server.childClient("kai@example.com")
            await ChildDashboardViewModel(client: client, cache: cache).load()
            return await client.currentSession()?.user
        }
        // The server is gone; the device still has Kai's session and copy.
        let offline = APIClient(
            server: unreachableServer, tokenStore: InMemoryTokenStore(StoredSession(server: unreachableServer, token: "t", user: kaiUser)))
        let viewModel = ChildDashboardViewModel(client: offline, cache: cache, format: usFormat)
        await viewModel.load()
        #expect(viewModel.state.isStale)
        #expect(viewModel.balanceText == "$100.00")
        #expect(viewModel.problem?.message.contains("Could not reach the server") == true)
    }

    @Test func offlineWithoutACopyFailsWithWhatToDo() async {
        let offline = APIClient(
            server: unreachableServer, tokenStore: InMemoryTokenStore(StoredSession(server: unreachableServer, token: "t")))
        let viewModel = ChildDashboardViewModel(client: offline, cache: OfflineCache(directory: temporaryCacheDirectory()))
        await viewModel.load()
        #expect(viewModel.state.failureMessage?.contains("Could not reach the server at 127.0.0.1:1") == true)
    }
}
