import AllowanceKit
import Foundation
import Testing

/// App Screens 9.2 for the sign-in and sign-up screens, against the real server.
@MainActor @Suite struct AccountViewModelTests {
    @Test func loginWithValidCredentialsSignsIn() async throws {
        try await withServer { server in
            // Arrange
            let viewModel = LoginViewModel(client: server.client())
            viewModel.email = LiveServer.parentEmail
            viewModel.password = LiveServer.password
            // Act
            await viewModel.login()
            // Assert
            #expect(viewModel.isAuthenticated)
            #expect(viewModel.signedIn?.role == .parent)
            #expect(viewModel.errorMessage == nil)
            #expect(!viewModel.isLoading)
        }
    }

    @Test func loginIsLoadingOnlyWhileTheCallRuns() async throws {
        try await withServer { server in
            let viewModel = LoginViewModel(client: server.client(transport: DelayingTransport(delay: .milliseconds(400))))
            viewModel.email = LiveServer.parentEmail
            viewModel.password = LiveServer.password
            let task = Task { await viewModel.login() }
            // The call takes 400 ms; a busy machine may start it late, so look until it shows.
            let deadline = ContinuousClock.now + .seconds(5)
            while !viewModel.isLoading && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
            #expect(viewModel.isLoading)
            await task.value
            #expect(!viewModel.isLoading)
            #expect(viewModel.isAuthenticated)
        }
    }

    @Test func loginWithInvalidCredentialsShowsTheServersMessage() async throws {
        try await withServer { server in
            let viewModel = LoginViewModel(client: server.client())
            viewModel.email = LiveServer.parentEmail
            viewModel.password = "wrong"
            await viewModel.login()
            #expect(!viewModel.isAuthenticated)
            #expect(viewModel.errorMessage == "Invalid email or password")
            #expect(viewModel.problem?.needsSignIn == false)
        }
    }

    @Test(arguments: [
        ("", "password123", "Email is required"),
        ("invalid-email", "password123", "Please enter a valid email address"),
        ("test@example.com", "", "Password is required"),
    ])
    func loginValidatesBeforeSending(email: String, password: String, message: String) async {
        // A client of nowhere: validation must not send anything.
        let viewModel = LoginViewModel(client: APIClient(server: unreachableServer))
        viewModel.email = email
        viewModel.password = password
        await viewModel.login()
        #expect(!viewModel.isAuthenticated)
        #expect(viewModel.errorMessage == message)
        viewModel.clearError()
        #expect(viewModel.errorMessage == nil)
    }

    @Test(arguments: [
        (RegisterFields(email: ""), "Email is required"),
        (RegisterFields(email: "nope"), "Please enter a valid email address"),
        (RegisterFields(password: ""), "Password is required"),
        (RegisterFields(password: "abc", confirm: "abc"), "Password must be at least 6 characters"),
        (RegisterFields(confirm: "different"), "Passwords do not match"),
        (RegisterFields(firstName: " "), "First name is required"),
        (RegisterFields(lastName: ""), "Last name is required"),
        (RegisterFields(familyName: ""), "Family name is required"),
    ])
    func registerParentValidatesInTheDocumentsOrder(fields: RegisterFields, message: String) async {
        let viewModel = RegisterParentViewModel(client: APIClient(server: unreachableServer))
        fields.fill(viewModel)
        await viewModel.register()
        #expect(viewModel.errorMessage == message)
        #expect(!viewModel.isRegistered)
    }

    @Test func registerParentMakesAFamilyAndSignsIn() async throws {
        try await withServer { server in
            let client = server.client()
            let viewModel = RegisterParentViewModel(client: client)
            RegisterFields(email: "sam@example.com").fill(viewModel)
            await viewModel.register()
            #expect(viewModel.isRegistered)
            #expect(viewModel.registered?.familyName == "The Rivers")
            let me = try await client.me()
            #expect(me.email == "sam@example.com")
        }
    }

    @Test func registerParentWithATakenEmailShowsTheServersMessage() async throws {
        try await withServer { server in
            let viewModel = RegisterParentViewModel(client: server.client())
            RegisterFields(email: LiveServer.parentEmail).fill(viewModel)
            await viewModel.register()
            #expect(!viewModel.isRegistered)
            #expect(viewModel.errorMessage?.isEmpty == false)
            #expect(viewModel.problem?.needsSignIn == false)
        }
    }

    @Test func passwordStrengthFollowsTheMeter() {
        let viewModel = RegisterParentViewModel(client: APIClient(server: unreachableServer))
        viewModel.password = "abc"
        #expect(viewModel.passwordStrength == .weak)
        viewModel.password = "abcdefgH"
        #expect(viewModel.passwordStrength == .medium)
        viewModel.password = "abcdefgH1!"
        #expect(viewModel.passwordStrength == .strong)
    }

    @Test(arguments: [
        ("", "Weekly allowance is required"),
        ("abc", "Please enter a valid allowance amount"),
        ("-5", "Please enter a valid allowance amount"),
        ("1.005", "Please enter a valid allowance amount"),
    ])
    func registerChildValidatesTheAllowance(allowance: String, message: String) async {
        let viewModel = RegisterChildViewModel(client: APIClient(server: unreachableServer))
        viewModel.email = "mia@example.com"
        viewModel.password = "secret1"
        viewModel.confirmPassword = "secret1"
        viewModel.firstName = "Mia"
        viewModel.lastName = "Demo"
        viewModel.weeklyAllowance = allowance
        await viewModel.register()
        #expect(viewModel.errorMessage == message)
    }

    @Test func registerChildAddsAChildWithTheirAllowance() async throws {
        try await withServer { server in
            let client = try await server.parentClient()
            let viewModel = RegisterChildViewModel(client: client)
            viewModel.email = "mia@example.com"
            viewModel.password = "secret1"
            viewModel.confirmPassword = "secret1"
            viewModel.firstName = "Mia"
            viewModel.lastName = "Demo"
            viewModel.weeklyAllowance = "7.50"
            viewModel.initialBalance = "20"
            await viewModel.register()
            #expect(viewModel.isRegistered)
            #expect(viewModel.registered?.weeklyAllowance == Money(cents: 750))
            #expect(try await client.balance(of: #require(viewModel.registered?.id)).currentBalance == Money(cents: 2000))
        }
    }
}

/// A valid sign-up form, with one field changed per case.
struct RegisterFields: Sendable, CustomTestStringConvertible {
    var email = "sam@example.com"
    var password = "secret1"
    var confirm: String?
    var firstName = "Sam"
    var lastName = "Rivers"
    var familyName = "The Rivers"

    var testDescription: String { "\(email)/\(password)/\(confirm ?? "=")/\(firstName)/\(lastName)/\(familyName)" }

    @MainActor func fill(_ viewModel: RegisterParentViewModel) {
        viewModel.email = email
        viewModel.password = password
        viewModel.confirmPassword = confirm ?? password
        viewModel.firstName = firstName
        viewModel.lastName = lastName
        viewModel.familyName = familyName
    }
}
