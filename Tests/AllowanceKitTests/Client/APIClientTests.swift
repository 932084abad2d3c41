import AllowanceAPI
import AllowanceKit
import Foundation
import Testing

@Suite struct APIClientTests {
    @Test func signsInAndReadsTheFamilyWithTheServersTypes() async throws {
        try await withLiveServer { server in
            // setup
            let store = InMemoryTokenStore()
            let client = server.client(tokenStore: store)
            // act
            let auth = try await client.login(email: LiveServer.parentEmail, password: LiveServer.password)
            let children = try await client.children()
            let dashboard = try await client.parentDashboard()
            // assert
            #expect(auth.role == .parent)
            #expect(store.load()?.token == auth.token)
            #expect(children.map(\.firstName).sorted() == ["Freya", "Kai"])
            #expect(dashboard.totalBalance == Money(cents: 20_000))
        }
    }

    @Test func aWrongPasswordIsTheServersMessageNotASignOut() async throws {
        try await withLiveServer { server in
            let client = server.client()
            let error = await #expect(throws: APIError.self) {
                try await client.login(email: LiveServer.parentEmail, password: "wrong password")
            }
            #expect(error?.code == .invalidCredentials)
            #expect(error?.message == "Invalid email or password")
        }
    }

    @Test func aRefusalCarriesTheServersWordsAndMovesNothing() async throws {
        try await withLiveServer { server in
            // setup
            let client = try await server.parentClient()
            let kai = try #require(try await client.children().first { $0.firstName == "Kai" })
            // act
            let error = await #expect(throws: APIError.self) {
                try await client.createTransaction(
                    CreateTransactionRequest(childId: kai.id, amount: Money(cents: 100_000), type: .debit, description: "Bike"))
            }
            // assert
            #expect(error?.status == 422)
            #expect(error?.code == .insufficientBalance)
            #expect(error?.message == "Insufficient balance: Kai has $100.00")
            #expect(try await client.balance(of: kai.id).currentBalance == Money(cents: 10_000))
        }
    }

    @Test func anUnreachableServerSaysWhereAndWhatToDo() async throws {
        let client = APIClient(
            server: unreachableServer, tokenStore: InMemoryTokenStore(StoredSession(server: unreachableServer, token: "t")))
        let error = await #expect(throws: APIError.self) { try await client.children() }
        #expect(error == .unreachable(server: "127.0.0.1:1"))
        #expect(error?.message.contains("Could not reach the server at 127.0.0.1:1") == true)
    }

    @Test func withoutASessionACallAsksToSignIn() async throws {
        try await withLiveServer { server in
            let error = await #expect(throws: APIError.self) { try await server.client().children() }
            #expect(error == .signedOut)
        }
    }
}
