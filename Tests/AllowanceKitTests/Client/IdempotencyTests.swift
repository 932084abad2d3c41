import AllowanceAPI
import AllowanceKit
import Foundation
import Testing

@Suite struct IdempotencyTests {
    @Test func aMoneyMoveRepeatedAfterATimeoutMovesMoneyOnce() async throws {
        try await withLiveServer { server in
            // setup: the server posts the credit, but its answer is lost
            let transport = AnswerDroppingTransport(drops: 1)
            let client = try await server.parentClient(transport: transport)
            let kai = try #require(try await client.children().first { $0.firstName == "Kai" })
            // act
            let entry = try await client.createTransaction(
                CreateTransactionRequest(childId: kai.id, amount: Money(cents: 550), type: .credit, description: "Washed the car"))
            // assert: the repeat carried the same key and got the first answer back
            #expect(transport.keys.count == 2)
            #expect(transport.keys[0] != nil && transport.keys[0] == transport.keys[1])
            #expect(entry.balanceAfter == Money(cents: 10_550))
            #expect(try await client.balance(of: kai.id).currentBalance == Money(cents: 10_550))
            let ledger = try await client.transactions(of: kai.id, TransactionQuery(search: "Washed the car"))
            #expect(ledger.transactions.count == 1)
        }
    }

    @Test func whenEveryAttemptTimesOutAPersonCanRetryWithTheSameKey() async throws {
        try await withLiveServer { server in
            // setup: two answers lost, more than the client repeats by itself
            let transport = AnswerDroppingTransport(drops: 2)
            let client = try await server.parentClient(transport: transport)
            let kai = try #require(try await client.children().first { $0.firstName == "Kai" })
            let request = CreateTransactionRequest(childId: kai.id, amount: Money(cents: 300), type: .debit, description: "Comic")
            // act
            let error = await #expect(throws: APIError.self) { try await client.createTransaction(request, idempotencyKey: "comic-1") }
            let retried = try await client.createTransaction(request, idempotencyKey: "comic-1")
            // assert
            #expect(error == .timedOut)
            #expect(error?.message.contains("never moves money twice") == true)
            #expect(retried.balanceAfter == Money(cents: 9_700))
            #expect(try await client.balance(of: kai.id).currentBalance == Money(cents: 9_700))
        }
    }

    @Test func aBusyServerIsAskedAgainAfterItsRetryAfterWithTheSameKey() async throws {
        try await withLiveServer { server in
            // setup: the first money move meets a busy server, which asks to come back in a second
            let transport = BusyServerTransport(busy: 1, pathSuffix: "/transactions")
            let client = try await server.parentClient(transport: transport)
            let kai = try #require(try await client.children().first { $0.firstName == "Kai" })
            // act
            let entry = try await client.createTransaction(
                CreateTransactionRequest(childId: kai.id, amount: Money(cents: 125), type: .credit, description: "Walked the dog"))
            // assert: asked twice with one key, and the money moved once
            #expect(transport.keys.count == 2)
            #expect(transport.keys[0] != nil && transport.keys[0] == transport.keys[1])
            #expect(entry.balanceAfter == Money(cents: 10_125))
            #expect(try await client.balance(of: kai.id).currentBalance == Money(cents: 10_125))
        }
    }

    @Test func aServerBusyForLongerIsThePersonsToRetry() async throws {
        try await withLiveServer { server in
            // setup: busy twice, more than the client repeats by itself; then busy for a minute
            let twice = BusyServerTransport(busy: 2, pathSuffix: "/transactions")
            let client = try await server.parentClient(transport: twice)
            let kai = try #require(try await client.children().first { $0.firstName == "Kai" })
            let request = CreateTransactionRequest(childId: kai.id, amount: Money(cents: 300), type: .debit, description: "Comic")
            // act
            let error = await #expect(throws: APIError.self) { try await client.createTransaction(request, idempotencyKey: "comic-2") }
            let minute = BusyServerTransport(busy: 1, pathSuffix: "/transactions", retryAfter: 60)
            let patient = try await server.parentClient(transport: minute)
            let later = await #expect(throws: APIError.self) { try await patient.createTransaction(request, idempotencyKey: "comic-2") }
            let retried = try await client.createTransaction(request, idempotencyKey: "comic-2")
            // assert: the server's words; nothing moved until the person's retry
            #expect(error?.code == .serverBusy && error?.status == 503)
            #expect(error?.message == "The server is busy; try again in a moment")
            #expect(twice.keys.count == 3)
            #expect(later?.code == .serverBusy && minute.keys.count == 1)
            #expect(retried.balanceAfter == Money(cents: 9_700))
            #expect(try await client.balance(of: kai.id).currentBalance == Money(cents: 9_700))
        }
    }
}
