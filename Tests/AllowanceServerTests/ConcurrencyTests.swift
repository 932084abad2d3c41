import AllowanceAPI
import Foundation
import Testing

@testable import AllowanceServer

@Suite struct ConcurrencyTests {
    /// 50 simultaneous $1.00 debits on $20.00: exactly 20 succeed, the balance is $0.00, and
    /// every cached number still matches the ledger.
    @Test func simultaneousDebitsNeverOverdraw() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            // act
            let statuses = try await withThrowingTaskGroup(of: UInt.self) { group in
                for index in 0..<50 {
                    group.addTask { try await client.post(.debit, 1_00, to: kai, in: family, description: "Debit \(index)").status.code }
                }
                return try await group.reduce(into: [UInt]()) { $0.append($1) }
            }
            // assert
            #expect(statuses.filter { $0 == 201 }.count == 20)
            #expect(statuses.filter { $0 == 422 }.count == 30)
            #expect(try await client.balance(of: kai, in: family) == .zero)
            let list: TransactionListResponse = try await client.call(
                .GET, "/api/v1/children/\(kai.id)/transactions?type=Debit&limit=100", token: family.parent.token)
            #expect(list.transactions.count == 20)
            // Each success saw its own balance: $19.00, $18.00, ... $0.00, none twice.
            let balancesAfter: [Int64] = list.transactions.map(\.balanceAfter.cents).sorted()
            let expected: [Int64] = (0..<20).map { Int64($0) * 100 }
            #expect(balancesAfter == expected)
            let audit = try await client.audit(family)
            #expect(audit.isClean, "\(audit.summary)")
        }
    }
}
