import AllowanceKit
import Foundation
import Testing

/// The app's root as SwiftUI shows it: signed out or in, as whom, tabs, deep links.
@MainActor @Suite struct AppModelTests {
    @Test func withoutASessionTheAppAsksToSignInAndALoginEntersTheParentTabs() async throws {
        try await withServer { server in
            // setup
            let reloads = ReloadRecorder()
            let model = AppModel(client: server.client(), widgets: reloads.refresher)
            await model.start()
            #expect(model.phase == .signedOut)
            #expect(model.tabs.isEmpty)
            // act
            let login = LoginViewModel(client: model.client)
            login.email = LiveServer.parentEmail
            login.password = LiveServer.password
            await login.login()
            model.signedIn(try #require(login.signedIn))
            // assert
            #expect(model.phase == .signedIn)
            #expect(model.isParent)
            #expect(model.tabs == [.dashboard, .transactions, .quickActions, .piggyBank, .settings])
            #expect(Set(reloads.kinds) == Set(WidgetKind.allCases))
        }
    }

    @Test func aStoredSessionSignsInAtLaunchAsTheChildItBelongsTo() async throws {
        try await withServer { server in
            // setup: a child signed in earlier; the app starts again on the same store
            let store = InMemoryTokenStore()
            try await server.client(tokenStore: store).login(email: "kai@example.com", password: LiveServer.password)
            // act
            let model = AppModel(client: server.client(tokenStore: store))
            await model.start()
            // assert
            #expect(model.phase == .signedIn)
            #expect(model.user?.firstName == "Kai")
            #expect(model.childId != nil)
            #expect(model.tabs == [.dashboard, .transactions, .goals, .learning, .settings])
            // Dates read in the family's zone (the demo family lives in New York).
            await model.loadFamily()
            #expect(model.format.timeZone.identifier == "America/New_York")
        }
    }

    @Test func aRefusedSessionAtLaunchSignsOut() async throws {
        try await withServer { server in
            let store = InMemoryTokenStore(StoredSession(server: server.url, token: "not-a-token"))
            let model = AppModel(client: server.client(tokenStore: store))
            await model.start()
            #expect(model.phase == .signedOut)
            #expect(store.load() == nil)
        }
    }

    @Test func offlineAtLaunchTheStoredUserIsUsed() async throws {
        let user = UserResponse(
            userId: UUID(), email: "kai@example.com", firstName: "Kai", lastName: "Demo", role: .child, familyId: UUID(),
            familyName: "The Demo Family", childId: UUID())
        let store = InMemoryTokenStore(StoredSession(server: unreachableServer, token: "t", user: user))
        let model = AppModel(client: APIClient(server: unreachableServer, tokenStore: store))
        await model.start()
        #expect(model.phase == .signedIn)
        #expect(model.childId == user.childId)
    }

    @Test func aDeepLinkWaitsForSignInThenOpensOnTheDashboardTab() async throws {
        try await withServer { server in
            // setup
            let model = AppModel(client: server.client())
            await model.start()
            let goalId = UUID()
            // act: the link arrives while signed out
            #expect(model.open(URL(string: "allowancetracker://goal/\(goalId)")!))
            #expect(!model.open(URL(string: "allowancetracker://nowhere")!))
            model.signedIn(try await model.client.login(email: LiveServer.parentEmail, password: LiveServer.password))
            // assert
            #expect(model.coordinator.path == [.goalDetail(goalId: goalId)])
            model.selectedTab = .settings
            model.open(URL(string: "allowancetracker://settings/notifications")!)
            #expect(model.selectedTab == .dashboard)
            #expect(model.coordinator.path == [.notificationPreferences])
        }
    }

    @Test func aProblemThatNeedsSignInReturnsToTheLoginScreen() async throws {
        try await withServer { server in
            let model = AppModel(client: server.client())
            model.signedIn(try await model.client.login(email: LiveServer.parentEmail, password: LiveServer.password))
            model.coordinator.navigate(to: .settings)
            model.handle(ScreenProblem("Amount is required"))
            #expect(model.phase == .signedIn)
            model.handle(ScreenProblem(APIError.signedOut))
            #expect(model.phase == .signedOut)
            #expect(model.coordinator.path.isEmpty)
        }
    }
}

@Suite struct AppConfigurationTests {
    @Test func theServerComesFromTheEnvironmentThenTheSettingThenTheMac() {
        #expect(
            AppConfiguration.serverURL(environment: ["ALLOWANCE_SERVER": "http://10.0.0.5:9000"], setting: "http://other:1")
                == URL(string: "http://10.0.0.5:9000"))
        #expect(
            AppConfiguration.serverURL(environment: [:], setting: " https://money.example.com ") == URL(string: "https://money.example.com")
        )
        #expect(
            AppConfiguration.serverURL(environment: ["ALLOWANCE_SERVER": "nonsense"], setting: "ftp://x") == AppConfiguration.defaultServer)
        #expect(AppConfiguration.serverURL(environment: [:], setting: nil) == URL(string: "http://127.0.0.1:8080"))
    }

    @Test func theVersionReadsAsOnTheSettingsScreen() {
        #expect(AppConfiguration.versionText(info: ["CFBundleShortVersionString": "1.0", "CFBundleVersion": "7"]) == "1.0 (7)")
        #expect(AppConfiguration.versionText(info: ["CFBundleShortVersionString": "1.0"]) == "1.0")
        #expect(AppConfiguration.versionText(info: nil).isEmpty)
    }

    @Test func tabsFollowTheRole() {
        #expect(AppTab.tabs(for: nil).isEmpty)
        #expect(AppTab.tabs(for: .child).contains(.goals))
        #expect(!AppTab.tabs(for: .parent).contains(.goals))
        #expect(AppTab.allCases.allSatisfy { !$0.title.isEmpty && !$0.systemImage.isEmpty })
    }
}

/// Records which widget timelines the app asked WidgetKit to reload.
final class ReloadRecorder: @unchecked Sendable {
    // A lock guards the list: the refresher may be called from any task.
    private let lock = NSLock()
    private var recorded: [WidgetKind] = []

    var kinds: [WidgetKind] { lock.withLock { recorded } }
    var refresher: WidgetRefresher { WidgetRefresher { kind in self.lock.withLock { self.recorded.append(kind) } } }
    func reset() { lock.withLock { recorded = [] } }
}
