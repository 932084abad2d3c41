import AllowanceAPI
import Foundation
import SQLKit
import Testing
import Vapor

@testable import AllowanceServer

/// Exactly once under a race: three server instances on one PostgreSQL (TEST_DATABASE_URL;
/// two on one SQLite file, see `withThirdInstance`), each running its scheduler twice at the
/// same moment, over 1,000 due occurrences.
@Suite struct SchedulerRaceTests {
    @Test func threeServersRacingOverAThousandDueOccurrencesPostEachOnce() async throws {
        try await withApp { client in
            // setup: 10 children paid $10.00 on Saturdays, each with two daily 1-cent credits of
            // 45 occurrences. Ten weeks later: 10 x 10 paydays + 10 x 2 x 45 recurring = 1,000.
            var family = try await client.family(name: "Racers")
            for index in 0..<10 {
                family.children.append(try await client.addChild(to: family, name: "Racer\(index)", balance: Money(cents: 20_00)))
            }
            for child in family.children {
                for name in ["Chores A", "Chores B"] {
                    _ = try await client.createRecurring(
                        recurringInput(for: child, name: name, cents: 1, type: .credit, pattern: .daily, dayOfWeek: nil, max: 45),
                        in: family)
                }
            }
            let at = utc("2027-01-30T18:30:00Z")
            client.now.value = at
            let familyID = family.parent.familyId

            // act
            try await withTwin(of: client) { twin in
                try await withThirdInstance(of: client) { third in
                    func race() async -> [JobRunner.Result] {
                        await withTaskGroup(of: [JobRunner.Result].self) { group in
                            for app in [client.app, twin, third, client.app, twin, third] {
                                group.addTask { await JobRunner.runAll(app.context(now: at, familyScope: familyID)) }
                            }
                            return await group.reduce(into: []) { $0 += $1 }
                        }
                    }
                    let first = await race()
                    #expect(first.allSatisfy { $0.error == nil }, "\(first.compactMap(\.error))")
                    #expect(first.filter { $0.name == "payday" }.map(\.handled).reduce(0, +) == 100)
                    #expect(first.filter { $0.name == "recurring" }.map(\.handled).reduce(0, +) == 900)
                    let second = await race()
                    #expect(second.allSatisfy { $0.handled == 0 && $0.error == nil })
                }
            }

            // assert: every occurrence claimed once and posted once (a schedule's occurrences
            // each in a claim of its own, a child's paydays on the child's row)
            let sql = client.app.db.sql
            struct Count: Decodable { let n: Int64 }
            let claims = try await sql.raw(
                """
                SELECT COUNT(*) AS n FROM occurrences o WHERE o.subject_id IN
                    (SELECT c.id FROM children c WHERE c.family_id = \(bind: familyID)
                     UNION SELECT r.id FROM recurring_transactions r JOIN children c ON c.id = r.child_id WHERE c.family_id = \(bind: familyID))
                """
            ).first(decoding: Count.self)
            #expect(claims?.n == 900)
            struct Claimed: Decodable { let last_payday: String? }
            let paydays = try await sql.raw("SELECT last_payday FROM children WHERE family_id = \(bind: familyID)").all(
                decoding: Claimed.self)
            #expect(paydays.map(\.last_payday) == Array(repeating: "2027-01-30", count: 10))
            struct Posted: Decodable {
                let description: String
                let entries: Int64
                let distinct_dates: Int64
            }
            let posted = try await sql.raw(
                """
                SELECT t.description, COUNT(*) AS entries, COUNT(DISTINCT t.created_at) AS distinct_dates
                FROM transactions t JOIN children c ON c.id = t.child_id WHERE c.family_id = \(bind: familyID)
                GROUP BY t.child_id, t.description
                """
            ).all(decoding: Posted.self)
            let byDescription = Dictionary(grouping: posted, by: \.description)
            #expect(byDescription["Weekly allowance"]?.map(\.entries) == Array(repeating: 10, count: 10))
            #expect(byDescription["Chores A"]?.map(\.entries) == Array(repeating: 45, count: 10))
            #expect(byDescription["Chores B"]?.map(\.entries) == Array(repeating: 45, count: 10))
            // No occurrence posted twice: within a child every posting of a kind has its own date.
            #expect(posted.filter { $0.description != "Opening balance" }.allSatisfy { $0.entries == $0.distinct_dates })
            family = try await client.signIn(family)
            for child in family.children {
                #expect(try await client.balance(of: child, in: family) == Money(cents: 20_00 + 10 * 10_00 + 90))
            }
            let audit = try await client.audit(family)
            #expect(audit.isClean, "\(audit.summary)")
        }
    }
}
