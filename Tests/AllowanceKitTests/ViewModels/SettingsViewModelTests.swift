import AllowanceKit
import Foundation
import Testing

@MainActor @Suite struct SettingsViewModelTests {
    @Test func settingsShowsWhoIsSignedInAndSignsOut() async throws {
        let directory = temporaryCacheDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withServer { server in
            let client = try await server.parentClient()
            let cache = OfflineCache(directory: directory)
            cache.update(UUID()) { $0.ledgerPage = .init(value: [], savedAt: Date()) }
            let viewModel = SettingsViewModel(client: client, cache: cache)
            await viewModel.load()
            #expect(viewModel.userName == "Alex Demo")
            #expect(viewModel.userInitials == "AD")
            #expect(viewModel.userEmail == LiveServer.parentEmail)
            #expect(viewModel.isParent)
            await viewModel.signOut()
            #expect(viewModel.isSignedOut)
            #expect(viewModel.problem == nil)
            #expect(await client.currentSession() == nil)
            #expect(!FileManager.default.fileExists(atPath: directory.path))
        }
    }

    @Test func signingOutOfflineStillSignsOutHere() async {
        let store = InMemoryTokenStore(StoredSession(server: unreachableServer, token: "t"))
        let viewModel = SettingsViewModel(client: APIClient(server: unreachableServer, tokenStore: store))
        await viewModel.signOut()
        #expect(viewModel.isSignedOut)
        #expect(store.load() == nil)
        #expect(viewModel.problem?.message.hasPrefix("Signed out on this device.") == true)
    }

    @Test func editProfileValidatesAndSavesWhatChanged() async throws {
        try await withServer { server in
            let client = try await server.parentClient()
            let viewModel = EditProfileViewModel(client: client)
            await viewModel.load()
            #expect(viewModel.firstName == "Alex")
            viewModel.firstName = " "
            await viewModel.save()
            #expect(viewModel.errorMessage == "First name is required")
            viewModel.firstName = "Alexandra"
            viewModel.lastName = ""
            await viewModel.save()
            #expect(viewModel.errorMessage == "Last name is required")
            viewModel.lastName = "Demo"
            await viewModel.save()
            #expect(viewModel.isSaved)
            #expect(try await client.me().firstName == "Alexandra")
        }
    }

    @Test func notificationPreferencesLoadSaveAndValidate() async throws {
        try await withServer { server in
            let client = try await server.parentClient()
            let viewModel = NotificationPreferencesViewModel(client: client)
            await viewModel.load()
            #expect(viewModel.state == .loaded)
            viewModel.lowBalanceWarningEnabled = true
            viewModel.lowBalanceThreshold = "lots"
            await viewModel.save()
            #expect(viewModel.problem?.message == "Please enter a valid low balance amount")
            viewModel.lowBalanceThreshold = "7.50"
            viewModel.transactionAlertsEnabled = false
            await viewModel.save()
            #expect(viewModel.isSaved)
            let again = NotificationPreferencesViewModel(client: client)
            await again.load()
            #expect(again.lowBalanceWarningEnabled)
            #expect(again.lowBalanceThreshold == "7.50")
            #expect(!again.transactionAlertsEnabled)
        }
    }

    @Test func notificationsListAndMarkRead() async throws {
        try await withServer { server in
            let parent = try await server.parentClient()
            let kai = try await server.child(named: "Kai", using: parent)
            try await server.record(.credit, cents: 500, "Chores", for: kai.id, using: parent)
            let viewModel = NotificationsViewModel(client: try await server.childClient("kai@example.com"))
            await viewModel.load()
            #expect(viewModel.state == .loaded)
            if let first = viewModel.notifications.first(where: { !$0.isRead }) {
                await viewModel.markRead(first.id)
                #expect(viewModel.notifications.first { $0.id == first.id }?.isRead == true)
            }
            await viewModel.markAllRead()
            #expect(viewModel.unreadCount == 0)
            #expect(viewModel.notifications.allSatisfy { $0.isRead })
        }
    }
}
