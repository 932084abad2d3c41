import AllowanceAPI
import Fluent
import Foundation
import SQLKit
import Testing

@testable import AllowanceServer

/// Allowance payday: the weekly allowance on each child's day, in the family's zone; catch-up
/// after an outage; pause and resume. Tests start Saturday 21 November 2026, 13:30 in New York,
/// and children are paid on Saturdays unless a test says otherwise.
@Suite struct PaydayTests {
    /// What the payday hooks saw, and a switch to make one fail.
    final class HookLog: @unchecked Sendable {
        // Hooks run on any task; the lock keeps the log whole.
        private let lock = NSLock()
        private var seen: [(context: PaydayContext, balance: Int64, inTransaction: Bool)] = []
        private var failing: UUID?

        var entries: [(context: PaydayContext, balance: Int64, inTransaction: Bool)] { lock.withLock { seen } }
        func fail(for child: UUID?) { lock.withLock { failing = child } }

        var hook: PaydayHooks.Hook {
            { context, service in
                struct Row: Decodable { let balance_cents: Int64 }
                let row = try await service.sql.raw("SELECT balance_cents FROM children WHERE id = \(bind: context.childID)").first(
                    decoding: Row.self)
                if self.lock.withLock({ self.failing == context.childID }) {
                    throw AppError(.internalServerError, .internalError, "hook failed")
                }
                self.lock.withLock { self.seen.append((context, row?.balance_cents ?? -1, service.db.inTransaction)) }
            }
        }
    }

    @Test func payday_CreditsTheAllowanceThenRunsTheHooksThenTellsTheChild() async throws {
        try await withApp { client in
            let log = HookLog()
            client.app.paydayHooks.register(log.hook)
            var family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            // Friday: not yet.
            #expect(await client.runJobs(at: utc("2026-11-28T04:59:00Z"), for: family)["payday"] == 0)
            #expect(await client.runJobs(at: utc("2026-11-28T06:00:00Z"), for: family)["payday"] == 1)
            family = try await client.signIn(family)
            let entry = try #require(try await client.ledger(of: kai, in: family).last)
            #expect(entry.description == "Weekly allowance" && entry.category == "Allowance" && entry.type == .credit)
            #expect(entry.amount == Money(cents: 10_00) && entry.balanceAfter == Money(cents: 30_00))
            #expect(entry.createdAt == utc("2026-11-28T05:00:00Z"))  // local midnight, Saturday
            #expect(entry.createdByName == nil)
            let seen = try #require(log.entries.first)
            #expect(log.entries.count == 1)
            #expect(
                seen.context.childID == kai.id && seen.context.allowance == Money(cents: 10_00) && seen.context.paidAt == entry.createdAt)
            #expect(seen.context.familyID == family.parent.familyId)
            #expect(seen.balance == 30_00)  // the credit came first
            #expect(seen.inTransaction)
            let told = try #require(try await client.notifications(token: family.children[0].token).first)
            #expect(told.type == .allowance && told.title == "Allowance day: +$10.00")
            #expect(try await client.audit(family).isClean)
        }
    }

    @Test func payday_AFailingChildDoesNotHoldUpTheOthers() async throws {
        try await withApp { client in
            let log = HookLog()
            client.app.paydayHooks.register(log.hook)
            var family = try await client.family(children: [("Kai", Money(cents: 20_00)), ("Freya", Money(cents: 20_00))])
            let (kai, freya) = (family.children[0], family.children[1])
            log.fail(for: freya.id)
            client.now.value = utc("2026-11-28T06:00:00Z")
            let results = await JobRunner.runAll(client.app.context(now: client.now.value, familyScope: family.parent.familyId))
            let payday = try #require(results.first { $0.name == "payday" })
            #expect(payday.handled == 1)
            #expect(payday.error?.contains("Freya") == true)
            family = try await client.signIn(family)
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 30_00))
            // Freya's payday rolled back whole: no credit, no claim; the next run pays it.
            #expect(try await client.balance(of: freya, in: family) == Money(cents: 20_00))
            log.fail(for: nil)
            #expect(await client.runJobs(at: utc("2026-11-28T07:00:00Z"), for: family)["payday"] == 1)
            #expect(try await client.ledger(of: freya, in: family).last?.createdAt == utc("2026-11-28T05:00:00Z"))
            #expect(try await client.audit(family).isClean)
        }
    }

    /// Paid together in one batch, each child still gets what paying alone gives: the credit
    /// with its own running balance, the day's totals (the audit compares them with the
    /// ledger), and the "Allowance day" notice unless that child turned it off.
    @Test func payday_ABatchPaysEachChildAsPayingAloneWould() async throws {
        try await withApp { client in
            // setup
            var family = try await client.family(children: [("Kai", Money(cents: 1_00)), ("Freya", Money(cents: 2_00)), ("Ola", .zero)])
            let _: NotificationPreferencesDto = try await client.call(
                .PUT, "/api/v1/notifications/preferences", token: family.children[1].token,
                json: NotificationPreferencesDto(allowanceRemindersEnabled: false))
            // act
            #expect(await client.runJobs(at: utc("2026-11-28T06:00:00Z"), for: family)["payday"] == 3)
            // assert
            family = try await client.signIn(family)
            for (child, cents) in zip(family.children, [Int64(11_00), 12_00, 10_00]) {
                let last = try #require(try await client.ledger(of: child, in: family).last)
                #expect(last.description == "Weekly allowance" && last.amount == Money(cents: 10_00))
                #expect(last.balanceAfter == Money(cents: cents) && last.createdAt == utc("2026-11-28T05:00:00Z"))
            }
            var told: [Int] = []
            for child in family.children {
                told.append(try await client.notifications(token: child.token).filter { $0.type == .allowance }.count)
            }
            #expect(told == [1, 0, 1])
            #expect(try await client.audit(family).isClean)
            #expect(await client.runJobs(at: utc("2026-11-28T07:00:00Z"), for: family)["payday"] == 0)
        }
    }

    /// Batches are whole families, and two batches paid at the same time (as PostgreSQL's runs
    /// do) pay each child as paying alone would: two families (Kai and Freya; Sam) in batches
    /// of at least one child make one batch each; both paid at once credit all three, each with
    /// their own running balance, the audit is clean, and paying the same batches again pays
    /// nobody twice.
    @Test func payday_BatchesOfWholeFamiliesPaidAtOnceEachPayOnce() async throws {
        try await withApp { client in
            // setup
            var first = try await client.family(children: [("Kai", Money(cents: 1_00)), ("Freya", Money(cents: 2_00))])
            var second = try await client.family(children: [("Sam", Money(cents: 3_00))])
            let context = client.app.context(now: utc("2026-11-28T06:00:00Z"))
            var families: [[PaydayBatch.Due]] = []
            for family in [first, second] {
                let owed = try await PaydayService.owedChildren(only: nil, scope: family.parent.familyId, on: context.sql)
                families.append(
                    owed.flatMap { child in
                        child.paydays(through: context.now).map {
                            PaydayBatch.Due(child: child, payday: $0, day: child.calendar.dayKey($0))
                        }
                    })
            }
            let batches = PaydayService.batched(families, size: 1)
            // act
            let outcomes = await PaydayService.pay(batches, atOnce: 2, hooks: [], in: context)
            let again = await PaydayService.pay(batches, atOnce: 2, hooks: [], in: context)
            // assert
            #expect(batches.map { Set($0.map(\.child.first_name)) } == [["Kai", "Freya"], ["Sam"]])
            #expect(outcomes.map(\.paid).sorted() == [1, 2] && outcomes.allSatisfy(\.failed.isEmpty))
            #expect(again.map(\.paid) == [0, 0] && again.allSatisfy(\.failed.isEmpty))
            first = try await client.signIn(first)
            second = try await client.signIn(second)
            let expected = [
                (first, first.children[0], Int64(11_00)), (first, first.children[1], 12_00), (second, second.children[0], 13_00),
            ]
            for (family, child, cents) in expected {
                let paid = try await client.ledger(of: child, in: family, search: "Weekly allowance")
                #expect(paid.map(\.balanceAfter) == [Money(cents: cents)] && paid.map(\.createdAt) == [utc("2026-11-28T05:00:00Z")])
            }
            #expect(try await client.audit(first).isClean)
            #expect(try await client.audit(second).isClean)
        }
    }

    @Test func payday_StaysAtLocalMidnightAcrossTheDaylightSavingChange() async throws {
        // Tuesday 20 October 2026; New York's clocks go back on Sunday 1 November.
        try await withApp(at: utc("2026-10-20T16:00:00Z")) { client in
            var family = try await client.family()
            let kai = try await client.addChild(to: family, name: "Kai", balance: .zero, allowance: Money(cents: 5_00), day: .sunday)
            family.children = [kai]
            // Sunday noon each week.
            for noon in ["2026-10-25T16:00:00Z", "2026-11-01T17:00:00Z", "2026-11-08T17:00:00Z"] {
                #expect(await client.runJobs(at: utc(noon), for: family)["payday"] == 1)
            }
            family = try await client.signIn(family)
            let paid = try await client.ledger(of: kai, in: family, search: "Weekly allowance")
            // Midnight EDT (UTC-4) on 25 October and on the change day itself, midnight EST after.
            #expect(paid.map(\.createdAt) == [utc("2026-10-25T04:00:00Z"), utc("2026-11-01T04:00:00Z"), utc("2026-11-08T05:00:00Z")])
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 15_00))
        }
    }

    @Test func payday_AfterAThreeWeekOutagePaysThreeAllowancesInOrder() async throws {
        try await withApp { client in
            var family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            // The server was down from the 21st to Sunday 13 December.
            #expect(await client.runJobs(at: utc("2026-12-13T15:00:00Z"), for: family)["payday"] == 3)
            family = try await client.signIn(family)
            let paid = try await client.ledger(of: kai, in: family, search: "Weekly allowance")
            #expect(paid.map(\.createdAt) == [utc("2026-11-28T05:00:00Z"), utc("2026-12-05T05:00:00Z"), utc("2026-12-12T05:00:00Z")])
            #expect(paid.map(\.balanceAfter.cents) == [30_00, 40_00, 50_00])
            // Each on its own day.
            let dashboard: ChildDashboard = try await client.call(.GET, "/api/v1/dashboard/child", token: family.children[0].token)
            #expect(dashboard.monthlyStats.totalEarned == Money(cents: 20_00))  // 5 and 12 December
            // Run again: nothing more.
            #expect(await client.runJobs(at: utc("2026-12-13T15:00:00Z"), for: family)["payday"] == 0)
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 50_00))
            #expect(try await client.audit(family).isClean)
        }
    }

    @Test func payday_PausedAllowanceSkipsPaydaysUntilResumed() async throws {
        try await withApp { client in
            var family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            let paused: ChildResponse = try await client.call(
                .POST, "/api/v1/children/\(kai.id)/allowance/pause", token: family.parent.token)
            #expect(paused.allowancePaused)
            #expect(await client.runJobs(at: utc("2026-12-06T16:00:00Z"), for: family)["payday"] == 0)
            family = try await client.signIn(family)
            let resumed: ChildResponse = try await client.call(
                .POST, "/api/v1/children/\(kai.id)/allowance/resume", token: family.parent.token)
            #expect(!resumed.allowancePaused)
            // 28 November and 5 December were skipped for good; 12 December is paid.
            #expect(await client.runJobs(at: utc("2026-12-13T16:00:00Z"), for: family)["payday"] == 1)
            family = try await client.signIn(family)
            #expect(
                try await client.ledger(of: kai, in: family, search: "Weekly allowance").map(\.createdAt) == [utc("2026-12-12T05:00:00Z")])
            let child: ChildResponse = try await client.call(.GET, "/api/v1/children/\(kai.id)", token: family.children[0].token)
            #expect(!child.allowancePaused && child.currentBalance == Money(cents: 30_00))
        }
    }

    @Test func payday_PausingFirstPaysTheWeeksAlreadyDue() async throws {
        try await withApp { client in
            var family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            // Sunday: Saturday's payday is due but no job has run yet.
            client.now.value = utc("2026-11-29T15:00:00Z")
            family = try await client.signIn(family)
            let paused: ChildResponse = try await client.call(
                .POST, "/api/v1/children/\(kai.id)/allowance/pause", token: family.parent.token)
            #expect(paused.allowancePaused && paused.currentBalance == Money(cents: 30_00))
            #expect(await client.runJobs(at: utc("2026-12-13T15:00:00Z"), for: family)["payday"] == 0)
            family = try await client.signIn(family)
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 30_00))
            // Resuming a running allowance, or pausing twice, changes nothing.
            _ = try await client.call(
                .POST, "/api/v1/children/\(kai.id)/allowance/pause", token: family.parent.token, as: ChildResponse.self)
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 30_00))
        }
    }

    @Test func payday_NothingIsOwedForAZeroAllowanceOrBeforeAChildJoined() async throws {
        try await withApp { client in
            var family = try await client.family()
            let kai = try await client.addChild(to: family, name: "Kai", balance: .zero, allowance: .zero)
            // Freya joins on Saturday the 28th after midnight: that day's payday is not hers.
            client.now.value = utc("2026-11-28T15:00:00Z")
            family = try await client.signIn(family)
            let freya = try await client.addChild(to: family, name: "Freya", balance: .zero, allowance: Money(cents: 7_00))
            family.children = [kai, freya]
            #expect(await client.runJobs(at: utc("2026-11-28T16:00:00Z"), for: family)["payday"] == 0)
            #expect(await client.runJobs(at: utc("2026-12-05T16:00:00Z"), for: family)["payday"] == 1)
            family = try await client.signIn(family)
            #expect(try await client.balance(of: kai, in: family) == .zero)
            #expect(try await client.balance(of: freya, in: family) == Money(cents: 7_00))
        }
    }

    /// Weeks with no allowance are not owed when one is set later: paying them at the new
    /// rate would hand a child money nobody promised.
    @Test func payday_AnAllowanceSetLaterIsOwedFromThenOn() async throws {
        try await withApp { client in
            var family = try await client.family()
            let kai = try await client.addChild(to: family, name: "Kai", balance: .zero, allowance: .zero)
            // Three Saturdays later (12 December, a Sunday morning in New York) a parent sets $5.00 a week.
            client.now.value = utc("2026-12-13T15:00:00Z")
            family = try await client.signIn(family)
            let set: ChildResponse = try await client.call(
                .PUT, "/api/v1/children/\(kai.id)", token: family.parent.token,
                json: UpdateChildRequest(weeklyAllowance: Money(cents: 5_00)))
            #expect(set.weeklyAllowance == Money(cents: 5_00))
            #expect(await client.runJobs(at: utc("2026-12-13T16:00:00Z"), for: family)["payday"] == 0)
            // The next Saturday is the first payday.
            #expect(await client.runJobs(at: utc("2026-12-19T16:00:00Z"), for: family)["payday"] == 1)
            family = try await client.signIn(family)
            #expect(
                try await client.ledger(of: kai, in: family, search: "Weekly allowance").map(\.createdAt) == [utc("2026-12-19T05:00:00Z")])
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 5_00))
        }
    }

    @Test func removingAChildRemovesTheirSchedulesAndPaydays() async throws {
        try await withApp { client in
            var family = try await client.family(children: [("Kai", Money(cents: 20_00)), ("Freya", Money(cents: 20_00))])
            let kai = family.children[0]
            _ = try await client.createRecurring(
                recurringInput(for: kai, cents: 1_00, pattern: .daily, dayOfWeek: nil, approval: true), in: family)
            _ = try await client.createRecurring(
                recurringInput(for: kai, name: "Chores", cents: 1_00, type: .credit, pattern: .daily, dayOfWeek: nil), in: family)
            await client.runJobs(at: utc("2026-11-28T15:00:00Z"), for: family)
            family = try await client.signIn(family)
            let pending: [PendingRecurringOccurrenceDto] = try await client.call(
                .GET, "/api/v1/recurring-transactions/pending", token: family.parent.token)
            #expect(pending.count == 7)
            #expect(try await client.send(.DELETE, "/api/v1/children/\(kai.id)", token: family.parent.token).status == .noContent)
            let left: [RecurringTransactionDto] = try await client.call(.GET, "/api/v1/recurring-transactions", token: family.parent.token)
            let stillPending: [PendingRecurringOccurrenceDto] = try await client.call(
                .GET, "/api/v1/recurring-transactions/pending", token: family.parent.token)
            #expect(left.isEmpty && stillPending.isEmpty)
            // Freya's payday.
            #expect(
                await client.runJobs(at: utc("2026-12-05T15:00:00Z"), for: family) == [
                    "payday": 1, "recurring": 0, "learning-goals": 0, "streak-reminder": 0, "weekly-summary": 0, "challenge-expiry": 0,
                    "idempotency-expiry": 0,
                ])
            #expect(try await client.audit(family).isClean)
        }
    }

    /// A payday is claimed by its local date: a family that moves west on its payday, when
    /// the day it was paid in its old zone is only starting in the new one, is not paid that
    /// day again; the next week's payday comes at the new zone's midnight.
    @Test func payday_AFamilyMovingZoneOnItsPaydayIsNotPaidTwiceThatDay() async throws {
        try await withApp { client in
            // setup: Tokyo; Saturday 28 November starts there at 15:00 UTC on the 27th.
            var family = try await client.family(timeZone: "Asia/Tokyo", children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            #expect(await client.runJobs(at: utc("2026-11-27T16:00:00Z"), for: family)["payday"] == 1)
            // act: the family moves to New York, where Saturday the 28th starts at 05:00 UTC.
            family = try await client.signIn(family)
            let _: FamilyResponse = try await client.call(
                .PUT, "/api/v1/families/current", token: family.parent.token, json: UpdateFamilyRequest(timeZone: "America/New_York"))
            let sameDay = await client.runJobs(at: utc("2026-11-28T06:00:00Z"), for: family)["payday"]
            let nextWeek = await client.runJobs(at: utc("2026-12-05T06:00:00Z"), for: family)["payday"]
            // assert
            #expect(sameDay == 0 && nextWeek == 1)
            family = try await client.signIn(family)
            let paid = try await client.ledger(of: kai, in: family, search: "Weekly allowance")
            #expect(paid.map(\.createdAt) == [utc("2026-11-27T15:00:00Z"), utc("2026-12-05T05:00:00Z")])
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 40_00))
            #expect(try await client.audit(family).isClean)
        }
    }

    /// The migration that moved the claims onto the children's rows, taken back and made again:
    /// each child's last payday goes back to a claim of its own, then onto the row again (the
    /// claim stays), and the paydays go on as if nothing had happened: none paid twice, none
    /// missed. (SQLite only: each test has a database file of its own there, while on
    /// PostgreSQL the tests share one, and taking the columns away under the others would stop
    /// them.)
    @Test(.enabled(if: testPostgresURL == nil)) func payday_ClaimsMovedOntoTheChildRowsKeepTheLastPaydayBothWays() async throws {
        try await withApp { client in
            // setup: Kai paid on two Saturdays, Freya's allowance paused before either
            var family = try await client.family(children: [("Kai", Money(cents: 20_00)), ("Freya", Money(cents: 20_00))])
            let (kai, freya) = (family.children[0], family.children[1])
            #expect(try await client.send(.POST, "/api/v1/children/\(freya.id)/allowance/pause", token: family.parent.token).status == .ok)
            #expect(await client.runJobs(at: utc("2026-12-05T06:00:00Z"), for: family)["payday"] == 2)
            struct Claim: Decodable { let key: String }
            // act
            let migration = ClaimPaydaysOnTheChildRow()
            let claims = try await client.app.db.transaction { db -> [String] in
                try await migration.revert(on: db)
                let claims = try await db.sql.raw("SELECT key FROM occurrences WHERE job = 'payday'").all(decoding: Claim.self)
                try await migration.prepare(on: db)
                return claims.map(\.key)
            }
            // assert: the claim taken back is kept (a server of the version before would read it)
            #expect(claims == ["payday:\(kai.id.uuidString.lowercased()):2026-12-05"])
            let kept = try await client.app.db.sql.raw("SELECT key FROM occurrences WHERE job = 'payday'").all(decoding: Claim.self)
            #expect(kept.map(\.key) == claims)
            #expect(await client.runJobs(at: utc("2026-12-05T07:00:00Z"), for: family)["payday"] == 0)
            #expect(await client.runJobs(at: utc("2026-12-12T06:00:00Z"), for: family)["payday"] == 1)
            family = try await client.signIn(family)
            let paid = try await client.ledger(of: kai, in: family, search: "Weekly allowance")
            #expect(paid.map(\.createdAt) == [utc("2026-11-28T05:00:00Z"), utc("2026-12-05T05:00:00Z"), utc("2026-12-12T05:00:00Z")])
            #expect(try await client.balance(of: freya, in: family) == Money(cents: 20_00))
            #expect(try await client.audit(family).isClean)
        }
    }
}
