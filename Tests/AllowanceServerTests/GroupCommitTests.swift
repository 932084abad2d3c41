import AllowanceAPI
import AllowanceCore
import Foundation
import Testing

@testable import AllowanceServer

/// SQLite's writers commit in groups (`GroupCommit`); PostgreSQL runs its transactions side by
/// side and has no group to test.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["TEST_DATABASE_URL"] == nil))
struct GroupCommitTests {
    /// 90 writers at once, every third refused after it posted: the refused ones leave no
    /// row and no cent behind, the others all commit, each caller gets its own answer, and
    /// the 90 shared far fewer transactions than one each.
    @Test func aRefusedWriterUndoesOnlyItsOwnWorkInASharedCommit() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            let context = client.app.context()
            let groupCommit = try #require(client.app.serverState.groupCommit)
            let groupsBefore = await groupCommit.groups
            // act
            let answers = await withTaskGroup(of: (Int, Bool).self) { group in
                for index in 0..<90 {
                    group.addTask {
                        let answer = try? await context.write { db in
                            let posting = LedgerPosting(
                                childID: kai.id, type: .credit, amount: Money(cents: 1_00), description: "Writer \(index)", createdBy: nil,
                                at: context.now)
                            _ = try await LedgerService.post(posting, calendar: FamilyCalendar(timeZone: .gmt), on: db)
                            if index % 3 == 0 { throw AppError.validation("Writer \(index) is refused") }
                            return index
                        }
                        return (index, answer == index)
                    }
                }
                return await group.reduce(into: [Int: Bool]()) { $0[$1.0] = $1.1 }
            }
            // assert
            #expect(answers.count == 90)
            #expect(answers.allSatisfy { index, committed in committed == (index % 3 != 0) })
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 60_00))
            let ledger = try await client.ledger(of: kai, in: family, search: "Writer")
            #expect(Set(ledger.map(\.description)) == Set((0..<90).filter { $0 % 3 != 0 }.map { "Writer \($0)" }))
            // Entry numbers and balances run without gaps: the undone writers left no hole.
            #expect(ledger.map(\.balanceAfter.cents).sorted() == (1...60).map { Int64($0) * 100 })
            let groups = await groupCommit.groups - groupsBefore
            #expect(groups < 90, "90 writers at once took \(groups) transactions")
            let audit = try await client.audit(family)
            #expect(audit.isClean, "\(audit.summary)")
        }
    }

    /// Writes outside the group (a sign-in's session row, marking notifications read) while
    /// groups commit: every request is answered. Such writers wait for SQLite's lock on the
    /// shared I/O threads; once two of them took both threads, the group holding the lock had
    /// none left to finish on, and the server stopped answering.
    @Test func signInsAndOtherWritesBesideGroupsAreAllAnswered() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", Money(cents: 100_00)), ("Freya", Money(cents: 100_00))])
            // act
            let statuses = try await withThrowingTaskGroup(of: UInt.self) { group in
                for index in 0..<150 {
                    let child = family.children[index % 2]
                    group.addTask {
                        switch index % 3 {
                        case 0:
                            try await client.send(.POST, "/api/v1/auth/login", json: LoginRequest(email: child.email, password: "secret1"))
                                .status.code
                        case 1: try await client.send(.POST, "/api/v1/notifications/read", token: child.token).status.code
                        default: try await client.post(.credit, 1, to: child, in: family).status.code
                        }
                    }
                }
                return try await group.reduce(into: [UInt]()) { $0.append($1) }
            }
            // assert
            #expect(statuses.count == 150)
            #expect(statuses.allSatisfy { (200..<300).contains($0) }, "\(Set(statuses))")
            #expect(try await client.balance(of: family.children[0], in: family) == Money(cents: 100_25))
            let audit = try await client.audit(family)
            #expect(audit.isClean, "\(audit.summary)")
        }
    }
}
