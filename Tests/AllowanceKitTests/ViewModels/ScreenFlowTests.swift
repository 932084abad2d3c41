import AllowanceKit
import Foundation
import Testing

/// App Screens 9.1's user flows, driven through the view models step by step as a person
/// would tap through the screens, and the three ways a session goes wrong.
@MainActor @Suite struct ScreenFlowTests {
    @Test func registerAddAChildRecordSearchFilterChangeSettingsSignOut() async throws {
        try await withServer { server in
            let client = server.client()
            // Register
            let register = RegisterParentViewModel(client: client)
            register.email = "robin@example.com"
            register.password = "Secret12"
            register.confirmPassword = "Secret12"
            register.firstName = "Robin"
            register.lastName = "Lake"
            register.familyName = "The Lakes"
            await register.register()
            #expect(register.isRegistered)
            // An empty family
            let dashboard = ParentDashboardViewModel(client: client, format: usFormat)
            await dashboard.load()
            #expect(dashboard.isEmpty)
            // Add a child
            let addChild = RegisterChildViewModel(client: client)
            addChild.email = "ola@example.com"
            addChild.password = "secret1"
            addChild.confirmPassword = "secret1"
            addChild.firstName = "Ola"
            addChild.lastName = "Lake"
            addChild.weeklyAllowance = "5"
            addChild.initialBalance = "10"
            await addChild.register()
            let ola = try #require(addChild.registered)
            await dashboard.refresh()
            #expect(dashboard.children.map(\.firstName) == ["Ola"])
            #expect(dashboard.totalBalanceText == "$10.00")
            // Record a transaction
            let create = CreateTransactionViewModel(client: client, format: usFormat)
            await create.loadChildren()
            #expect(create.selectedChild?.id == ola.id)
            create.type = .debit
            create.amount = "3.25"
            create.description = "Ice cream"
            #expect(create.preview?.newText == "$6.75")
            await create.create()
            #expect(create.isCreated)
            // Search and filter the ledger
            let ledger = TransactionListViewModel(childId: ola.id, client: client)
            await ledger.load()
            #expect(ledger.transactions.count == 2)
            await ledger.search("ice")
            #expect(ledger.transactions.map(\.description) == ["Ice cream"])
            await ledger.search("")
            await ledger.select(.credit)
            #expect(ledger.transactions.allSatisfy { $0.type == .credit })
            // Change settings
            let preferences = NotificationPreferencesViewModel(client: client)
            await preferences.load()
            preferences.allowanceRemindersEnabled = false
            await preferences.save()
            #expect(preferences.isSaved)
            // Sign out: the next screen asks to sign in
            let settings = SettingsViewModel(client: client)
            await settings.load()
            #expect(settings.userName == "Robin Lake")
            await settings.signOut()
            #expect(settings.isSignedOut)
            await dashboard.refresh()
            #expect(dashboard.problem?.needsSignIn == true)
        }
    }

    @Test func aRefusalFromTheServerIsShownInItsWords() async throws {
        try await withServer { server in
            // The form knows Kai had $100; another device spends $95 meanwhile.
            let client = try await server.parentClient()
            let create = CreateTransactionViewModel(client: client)
            await create.loadChildren()
            let kai = try await server.child(named: "Kai", using: client)
            create.selectedChildId = kai.id
            try await server.record(.debit, cents: 9500, "Shoes", for: kai.id, using: server.parentClient())
            create.type = .debit
            create.amount = "20"
            create.description = "Game"
            await create.create()
            #expect(!create.isCreated)
            #expect(create.errorMessage == "Insufficient balance: Kai has $5.00")
            #expect(create.problem?.needsSignIn == false)
            #expect(create.retryKey == nil)
        }
    }

    @Test func aDroppedConnectionSaysWhereAndWhatToDo() async {
        let client = APIClient(server: unreachableServer)
        let login = LoginViewModel(client: client)
        login.email = LiveServer.parentEmail
        login.password = LiveServer.password
        await login.login()
        #expect(login.errorMessage?.hasPrefix("Could not reach the server at 127.0.0.1:1.") == true)
        #expect(!login.isLoading)
        let signedIn = APIClient(
            server: unreachableServer, tokenStore: InMemoryTokenStore(StoredSession(server: unreachableServer, token: "t")))
        let dashboard = ParentDashboardViewModel(client: signedIn)
        await dashboard.load()
        #expect(dashboard.state.failureMessage?.contains("then try again") == true)
        #expect(dashboard.problem?.needsSignIn == false)
    }

    @Test func anExpiredSessionLeadsBackToSignIn() async throws {
        try await withServer { server in
            let client = try await server.parentClient()
            let dashboard = ParentDashboardViewModel(client: client)
            await dashboard.load()
            server.now.value = server.now.value.addingTimeInterval(2 * 24 * 3600)
            await dashboard.refresh()
            #expect(dashboard.problem?.needsSignIn == true)
            #expect(dashboard.problem?.message == "Your session has ended. Please sign in again.")
            // What was shown stays on screen until the person signs in again.
            #expect(dashboard.state == .loaded)
            let login = LoginViewModel(client: client)
            login.email = LiveServer.parentEmail
            login.password = LiveServer.password
            await login.login()
            await dashboard.refresh()
            #expect(dashboard.problem == nil)
        }
    }
}
