import AllowanceAPI
import Foundation
import Testing

@testable import AllowanceServer

@Suite struct TransactionTests {
    @Test func creditAndDebitMoveTheBalanceAndRecordWhoAndAfter() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            // act
            let credit = try await client.post(.credit, 5_50, to: kai, in: family, description: "Chores")
            let debit = try await client.post(.debit, 3_25, to: kai, in: family, description: "Comic")
            // assert
            #expect(credit.status == .created)
            let entry = try debit.decode(TransactionResponse.self)
            #expect(entry.balanceAfter == Money(cents: 22_25))
            #expect(entry.createdByName == "Pat Parent")
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 22_25))
            let detail: TransactionResponse = try await client.call(.GET, "/api/v1/transactions/\(entry.id)", token: kai.token)
            #expect(detail.description == "Comic")
            #expect(detail.balanceAfter == Money(cents: 22_25))
            #expect(detail.createdByName == "Pat Parent")
            #expect(try await client.audit(family).isClean)
        }
    }

    @Test func overdraftIsRefusedAndMovesNothing() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 3_00))])
            let kai = family.children[0]
            let response = try await client.post(.debit, 3_01, to: kai, in: family)
            #expect(response.status == .unprocessableEntity)
            #expect(response.error?.message == "Insufficient balance: Kai has $3.00")
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 3_00))
            let list: TransactionListResponse = try await client.call(
                .GET, "/api/v1/children/\(kai.id)/transactions", token: family.parent.token)
            #expect(list.transactions.count == 1)
            // Spending exactly everything is fine.
            #expect(try await client.post(.debit, 3_00, to: kai, in: family).status == .created)
            #expect(try await client.balance(of: kai, in: family) == .zero)
        }
    }

    @Test func listPagesNewestFirstWithFiltersAndSearch() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 100_00))])
            let kai = family.children[0]
            for index in 1...25 {
                client.now.value = testStart.addingTimeInterval(Double(index) * 60)
                let type: TransactionType = index.isMultiple(of: 5) ? .debit : .credit
                try await client.post(
                    type, Int64(index * 10), to: kai, in: family, description: index == 7 ? "Birthday 100% gift" : "Item \(index)")
            }
            let path = "/api/v1/children/\(kai.id)/transactions"
            let first: TransactionListResponse = try await client.call(.GET, path + "?limit=10", token: kai.token)
            #expect(first.transactions.count == 10)
            #expect(first.hasMore)
            #expect(first.transactions.first?.description == "Item 25")
            let last: TransactionListResponse = try await client.call(.GET, path + "?limit=10&offset=20", token: kai.token)
            #expect(last.transactions.count == 6)  // 5 more plus the opening balance
            #expect(!last.hasMore)
            #expect(last.transactions.last?.description == "Opening balance")

            let spent: TransactionListResponse = try await client.call(.GET, path + "?type=Debit&limit=100", token: kai.token)
            #expect(spent.transactions.count == 5)
            #expect(spent.transactions.allSatisfy { $0.type == .debit })

            let search: TransactionListResponse = try await client.call(.GET, path + "?search=birthday", token: kai.token)
            #expect(search.transactions.map(\.description) == ["Birthday 100% gift"])
            // A % in the search is a literal percent sign, not a wildcard.
            let percent: TransactionListResponse = try await client.call(.GET, path + "?search=%25", token: kai.token)
            #expect(percent.transactions.count == 1)

            let from = testStart.addingTimeInterval(10 * 60).formatted(.iso8601)
            let to = testStart.addingTimeInterval(12 * 60 + 1).formatted(.iso8601)
            let range: TransactionListResponse = try await client.call(.GET, path + "?from=\(from)&to=\(to)", token: kai.token)
            #expect(range.transactions.map(\.description) == ["Item 12", "Item 11", "Item 10"])
        }
    }

    @Test func childCanReadButNotWriteTheLedger() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 10_00))])
            let kai = family.children[0]
            let response = try await client.send(
                .POST, "/api/v1/transactions", token: kai.token,
                json: CreateTransactionRequest(childId: kai.id, amount: Money(cents: 100), type: .credit, description: "Free money"))
            #expect(response.status == .forbidden)
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 10_00))
        }
    }

    @Test func idempotencyKeyMakesARetrySafe() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 10_00))])
            let kai = family.children[0]
            let request = CreateTransactionRequest(childId: kai.id, amount: Money(cents: 2_00), type: .debit, description: "Snack")
            let first = try await client.send(
                .POST, "/api/v1/transactions", token: family.parent.token, json: request, headers: [("Idempotency-Key", "abc-1")])
            let retry = try await client.send(
                .POST, "/api/v1/transactions", token: family.parent.token, json: request, headers: [("Idempotency-Key", "abc-1")])
            #expect(first.status == .created)
            #expect(retry.status == .created)
            #expect(try retry.decode(TransactionResponse.self).id == first.decode(TransactionResponse.self).id)
            #expect(retry.headers.first(name: "Idempotent-Replayed") == "true")
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 8_00))

            var other = request
            other.amount = Money(cents: 3_00)
            let reused = try await client.send(
                .POST, "/api/v1/transactions", token: family.parent.token, json: other, headers: [("Idempotency-Key", "abc-1")])
            #expect(reused.status == .unprocessableEntity)
            #expect(reused.error?.code == "idempotency_key_reused")
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 8_00))
        }
    }

    @Test func concurrentRetriesWithOneKeyPostOnce() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 10_00))])
            let kai = family.children[0]
            let request = CreateTransactionRequest(childId: kai.id, amount: Money(cents: 1_00), type: .debit, description: "Once")
            let statuses = try await withThrowingTaskGroup(of: UInt.self) { group in
                for _ in 0..<10 {
                    group.addTask {
                        try await client.send(
                            .POST, "/api/v1/transactions", token: family.parent.token, json: request, headers: [("Idempotency-Key", "same")]
                        ).status.code
                    }
                }
                return try await group.reduce(into: [UInt]()) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == 201 || $0 == 409 }, "\(statuses)")
            #expect(statuses.contains(201))
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 9_00))
        }
    }
}
