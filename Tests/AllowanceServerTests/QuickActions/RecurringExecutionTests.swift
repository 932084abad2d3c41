import AllowanceAPI
import Foundation
import Testing

@testable import AllowanceServer

/// quick-actions.md "RecurringTransactionServiceTests: Execution (15 tests)". The tests start
/// on Saturday 21 November 2026, 13:30 in New York.
@Suite struct RecurringExecutionTests {
    @Test func processDue_ExecutesReadyTransactions() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            var input = recurringInput(for: kai, name: "Paper round", cents: 3_00, type: .credit)
            input.description = "Paper round pay"
            let paper = try await client.createRecurring(input, in: family)
            // A minute before Monday 09:00 nothing is due.
            #expect(await client.runJobs(at: utc("2026-11-23T13:59:00Z"), for: family)["recurring"] == 0)
            #expect(await client.runJobs(at: utc("2026-11-23T14:01:00Z"), for: family)["recurring"] == 1)
            let fresh = try await client.signIn(family)
            let entry = try #require(try await client.ledger(of: kai, in: fresh).last)
            #expect(entry.description == "Paper round pay")
            #expect(entry.amount == Money(cents: 3_00) && entry.type == .credit && entry.category == "Clubs")
            #expect(entry.createdAt == utc("2026-11-23T14:00:00Z"))  // dated when it was due
            #expect(entry.createdByName == "Pat Parent")
            #expect(try await client.balance(of: kai, in: fresh) == Money(cents: 23_00))
            let after = try await client.recurring(paper.id, in: fresh)
            #expect(after.occurrenceCount == 1)
            #expect(after.lastExecutedAt == utc("2026-11-23T14:00:00Z"))
            #expect(after.nextExecutionDate == utc("2026-11-30T14:00:00Z"))
            let told = try await client.notifications(token: fresh.children[0].token)
            #expect(told.first?.title == "You received $3.00")
            #expect(try await client.audit(fresh).isClean)
        }
    }

    @Test func processDue_SkipsInsufficientBalance() async throws {
        try await withApp { client in
            var family = try await client.family(children: [("Kai", Money(cents: 3_00))])
            let kai = family.children[0]
            let club = try await client.createRecurring(recurringInput(for: kai, cents: 5_00), in: family)
            await client.runJobs(at: utc("2026-11-23T15:00:00Z"), for: family)
            family = try await client.signIn(family)
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 3_00))
            #expect(try await client.ledger(of: kai, in: family).count == 1)
            let parentHeard = try await client.notifications(token: family.parent.token)
            #expect(parentHeard.first?.title == "Recurring Transaction Skipped")
            #expect(parentHeard.first?.message == "Kai's recurring 'Comic club' was skipped due to insufficient balance")
            #expect(parentHeard.first?.type == .recurringSkipped)
            let after = try await client.recurring(club.id, in: family)
            #expect(after.occurrenceCount == 1 && after.lastExecutedAt == nil)
            #expect(after.nextExecutionDate == utc("2026-11-30T14:00:00Z"))
            // The next week there is money (Saturday's allowance): it is posted.
            await client.runJobs(at: utc("2026-11-30T15:00:00Z"), for: family)
            let fresh = try await client.signIn(family)
            #expect(try await client.ledger(of: kai, in: fresh, search: "Comic").map(\.createdAt) == [utc("2026-11-30T14:00:00Z")])
            #expect(try await client.balance(of: kai, in: fresh) == Money(cents: 8_00))
        }
    }

    @Test func processDue_RespectsMaxOccurrences() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            let chores = try await client.createRecurring(
                recurringInput(for: kai, name: "Chores", cents: 1_00, type: .credit, pattern: .daily, dayOfWeek: nil, max: 3), in: family)
            #expect(await client.runJobs(at: utc("2026-12-01T20:00:00Z"), for: family)["recurring"] == 3)
            let fresh = try await client.signIn(family)
            #expect(try await client.ledger(of: kai, in: fresh, search: "Chores").count == 3)
            let after = try await client.recurring(chores.id, in: fresh)
            #expect(after.occurrenceCount == 3 && !after.isActive)
            #expect(await client.runJobs(at: utc("2026-12-10T20:00:00Z"), for: family)["recurring"] == 0)
        }
    }

    @Test func processDue_RespectsEndDate() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            // The last day given is included.
            let chores = try await client.createRecurring(
                recurringInput(
                    for: kai, name: "Chores", cents: 1_00, type: .credit, pattern: .daily, dayOfWeek: nil, end: utc("2026-11-24T00:00:00Z")),
                in: family)
            await client.runJobs(at: utc("2026-11-27T20:00:00Z"), for: family)
            let fresh = try await client.signIn(family)
            let dates = try await client.ledger(of: kai, in: fresh, search: "Chores").map(\.createdAt)
            #expect(dates == [utc("2026-11-22T14:00:00Z"), utc("2026-11-23T14:00:00Z"), utc("2026-11-24T14:00:00Z")])
            let after = try await client.recurring(chores.id, in: fresh)
            #expect(!after.isActive && after.occurrenceCount == 3)
        }
    }

    @Test func calculateNext_Daily_ReturnsNextDay() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let daily = try await client.createRecurring(
                recurringInput(for: family.children[0], pattern: .daily, dayOfWeek: nil), in: family)
            #expect(daily.nextExecutionDate == utc("2026-11-22T14:00:00Z"))
            #expect(daily.patternDescription == "Every day")
            await client.runJobs(at: utc("2026-11-22T14:00:00Z"), for: family)
            #expect(try await client.recurring(daily.id, in: family).nextExecutionDate == utc("2026-11-23T14:00:00Z"))
        }
    }

    @Test func calculateNext_Weekly_ReturnsNextWeek() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let weekly = try await client.createRecurring(recurringInput(for: family.children[0], dayOfWeek: 3, time: "16:45"), in: family)
            #expect(weekly.nextExecutionDate == utc("2026-11-25T21:45:00Z"))
            #expect(weekly.patternDescription == "Every Wednesday")
            await client.runJobs(at: utc("2026-11-25T22:00:00Z"), for: family)
            let fresh = try await client.signIn(family)
            #expect(try await client.recurring(weekly.id, in: fresh).nextExecutionDate == utc("2026-12-02T21:45:00Z"))
        }
    }

    @Test func calculateNext_Monthly_ReturnsNextMonth() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let monthly = try await client.createRecurring(
                recurringInput(
                    for: family.children[0], name: "Savings", type: .credit, pattern: .monthly, dayOfWeek: nil, dayOfMonth: 15,
                    time: "08:00"), in: family)
            #expect(monthly.nextExecutionDate == utc("2026-12-15T13:00:00Z"))
            await client.runJobs(at: utc("2026-12-15T13:00:01Z"), for: family)
            let fresh = try await client.signIn(family)
            #expect(try await client.recurring(monthly.id, in: fresh).nextExecutionDate == utc("2027-01-15T13:00:00Z"))
        }
    }

    @Test func calculateNext_FortnightsAndMonthEnds() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let kai = family.children[0]
            // Bare start dates without a time: each runs at local midnight.
            let start = utc("2026-11-22T00:00:00Z")
            let fortnight = try await client.createRecurring(
                recurringInput(for: kai, name: "Swim", pattern: .biWeekly, dayOfWeek: 5, time: nil, start: start), in: family)
            let first = try await client.createRecurring(
                recurringInput(for: kai, name: "Rent", pattern: .firstOfMonth, dayOfWeek: nil, time: nil, start: start), in: family)
            let last = try await client.createRecurring(
                recurringInput(for: kai, name: "Phone", pattern: .lastOfMonth, dayOfWeek: nil, time: nil, start: start), in: family)
            #expect(fortnight.nextExecutionDate == utc("2026-11-27T05:00:00Z"))
            #expect(fortnight.patternDescription == "Every other Friday")
            #expect(first.nextExecutionDate == utc("2026-12-01T05:00:00Z"))
            #expect(first.patternDescription == "First day of every month")
            #expect(last.nextExecutionDate == utc("2026-11-30T05:00:00Z"))
            #expect(last.patternDescription == "Last day of every month")
            await client.runJobs(at: utc("2026-12-01T06:00:00Z"), for: family)
            let fresh = try await client.signIn(family)
            #expect(try await client.recurring(fortnight.id, in: fresh).nextExecutionDate == utc("2026-12-11T05:00:00Z"))
            #expect(try await client.recurring(first.id, in: fresh).nextExecutionDate == utc("2027-01-01T05:00:00Z"))
            #expect(try await client.recurring(last.id, in: fresh).nextExecutionDate == utc("2026-12-31T05:00:00Z"))
        }
    }

    @Test func processDue_CatchesUpAfterAnOutageEachDatedWhenDue() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            let chores = try await client.createRecurring(
                recurringInput(for: kai, name: "Chores", cents: 1_00, type: .credit, pattern: .daily, dayOfWeek: nil), in: family)
            // The server was down from Saturday until Thursday 10:00.
            #expect(await client.runJobs(at: utc("2026-11-26T15:00:00Z"), for: family)["recurring"] == 5)
            let fresh = try await client.signIn(family)
            let entries = try await client.ledger(of: kai, in: fresh, search: "Chores")
            #expect(entries.map(\.createdAt) == (22...26).map { utc("2026-11-\($0)T14:00:00Z") })
            #expect(entries.map(\.balanceAfter.cents) == [21_00, 22_00, 23_00, 24_00, 25_00])
            let after = try await client.recurring(chores.id, in: fresh)
            #expect(after.occurrenceCount == 5 && after.nextExecutionDate == utc("2026-11-27T14:00:00Z"))
        }
    }

    @Test func processDue_RunTwiceAtOnceIsPostedOnce() async throws {
        try await withApp { client in
            var family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            _ = try await client.createRecurring(recurringInput(for: kai, cents: 1_00), in: family)
            let at = utc("2026-11-23T14:30:00Z")
            client.now.value = at
            let familyID = family.parent.familyId
            async let first = JobRunner.runAll(client.app.context(now: at, familyScope: familyID))
            async let second = JobRunner.runAll(client.app.context(now: at, familyScope: familyID))
            let handled = (await first + second).filter { $0.name == "recurring" }.map(\.handled)
            #expect(handled.sorted() == [0, 1])
            #expect(await client.runJobs(at: at, for: family)["recurring"] == 0)
            family = try await client.signIn(family)
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 19_00))
        }
    }

    @Test func processDue_KeepsItsLocalTimeAcrossTheClockChange() async throws {
        // Tuesday 20 October 2026; clocks go back on Sunday 1 November.
        try await withApp(at: utc("2026-10-20T16:00:00Z")) { client in
            var family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            _ = try await client.createRecurring(
                recurringInput(for: kai, name: "Sunday club", cents: 1_00, type: .credit, dayOfWeek: 0, start: utc("2026-10-20T16:00:00Z")),
                in: family)
            for sunday in ["2026-10-25", "2026-11-01", "2026-11-08"] {
                await client.runJobs(at: utc(sunday + "T18:00:00Z"), for: family)
            }
            family = try await client.signIn(family)
            let dates = try await client.ledger(of: kai, in: family, search: "Sunday club").map(\.createdAt)
            // 09:00 EDT, then 09:00 EST on the change day itself and after.
            #expect(dates == [utc("2026-10-25T13:00:00Z"), utc("2026-11-01T14:00:00Z"), utc("2026-11-08T14:00:00Z")])
        }
    }

    @Test func requiresApproval_HoldsTheOccurrenceUntilAParentApproves() async throws {
        try await withApp { client in
            var family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            let club = try await client.createRecurring(recurringInput(for: kai, cents: 4_00, approval: true), in: family)
            await client.runJobs(at: utc("2026-11-23T15:00:00Z"), for: family)
            family = try await client.signIn(family)
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 20_00))
            let pending: [PendingRecurringOccurrenceDto] = try await client.call(
                .GET, "/api/v1/recurring-transactions/pending", token: family.parent.token)
            let occurrence = try #require(pending.first)
            #expect(pending.count == 1)
            #expect(occurrence.recurringTransactionId == club.id && occurrence.amount == Money(cents: 4_00))
            #expect(occurrence.dueDate == utc("2026-11-23T14:00:00Z") && occurrence.statusName == "Pending")
            let asked = try await client.notifications(token: family.parent.token)
            #expect(asked.first?.title == "Approval needed: Comic club")
            #expect(try await client.recurring(club.id, in: family).occurrenceCount == 1)

            let approved = try await client.send(
                .POST, "/api/v1/recurring-transactions/pending/\(occurrence.id)/approve", token: family.parent.token)
            #expect(approved.status == .created)
            let entry = try approved.decode(TransactionResponse.self)
            #expect(entry.amount == Money(cents: 4_00) && entry.type == .debit && entry.description == "Comic club")
            #expect(entry.balanceAfter == Money(cents: 16_00))
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 16_00))
            let left: [PendingRecurringOccurrenceDto] = try await client.call(
                .GET, "/api/v1/recurring-transactions/pending", token: family.parent.token)
            #expect(left.isEmpty)
            let again = try await client.send(
                .POST, "/api/v1/recurring-transactions/pending/\(occurrence.id)/approve", token: family.parent.token)
            #expect(again.status == .conflict)
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 16_00))
        }
    }

    @Test func requiresApproval_RejectedPostsNothing() async throws {
        try await withApp { client in
            var family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            _ = try await client.createRecurring(recurringInput(for: kai, cents: 4_00, approval: true), in: family)
            await client.runJobs(at: utc("2026-11-23T15:00:00Z"), for: family)
            family = try await client.signIn(family)
            let pending: [PendingRecurringOccurrenceDto] = try await client.call(
                .GET, "/api/v1/recurring-transactions/pending", token: family.parent.token)
            let id = try #require(pending.first?.id)
            let rejected: PendingRecurringOccurrenceDto = try await client.call(
                .POST, "/api/v1/recurring-transactions/pending/\(id)/reject", token: family.parent.token)
            #expect(rejected.status == .rejected && rejected.decidedAt == utc("2026-11-23T15:00:00Z") && rejected.transactionId == nil)
            #expect(
                try await client.send(.POST, "/api/v1/recurring-transactions/pending/\(id)/approve", token: family.parent.token).status
                    == .conflict)
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 20_00))
            #expect(try await client.ledger(of: kai, in: family).count == 1)
        }
    }

    @Test func requiresApproval_ApprovalTheBalanceCannotCoverStaysPending() async throws {
        try await withApp { client in
            var family = try await client.family(children: [("Kai", Money(cents: 1_00))])
            let kai = family.children[0]
            _ = try await client.createRecurring(recurringInput(for: kai, cents: 2_00, approval: true), in: family)
            await client.runJobs(at: utc("2026-11-23T15:00:00Z"), for: family)
            family = try await client.signIn(family)
            let pending: [PendingRecurringOccurrenceDto] = try await client.call(
                .GET, "/api/v1/recurring-transactions/pending", token: family.parent.token)
            let id = try #require(pending.first?.id)
            let refused = try await client.send(.POST, "/api/v1/recurring-transactions/pending/\(id)/approve", token: family.parent.token)
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.error?.message == "Insufficient balance: Kai has $1.00")
            let still: [PendingRecurringOccurrenceDto] = try await client.call(
                .GET, "/api/v1/recurring-transactions/pending", token: family.parent.token)
            #expect(still.map(\.id) == [id])
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 1_00))
        }
    }

    @Test func executeNow_PostsNowAndTheNextOccurrenceIsNotPostedAgain() async throws {
        try await withApp { client in
            var family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            let club = try await client.createRecurring(recurringInput(for: kai, cents: 2_00), in: family)
            let response = try await client.send(.POST, "/api/v1/recurring-transactions/\(club.id)/execute", token: family.parent.token)
            #expect(response.status == .created)
            let entry = try response.decode(TransactionResponse.self)
            #expect(entry.createdAt == testStart && entry.balanceAfter == Money(cents: 18_00) && entry.createdByName == "Pat Parent")
            let after = try await client.recurring(club.id, in: family)
            #expect(after.occurrenceCount == 1 && after.lastExecutedAt == testStart)
            #expect(after.nextExecutionDate == utc("2026-11-30T14:00:00Z"))
            // Monday's occurrence was the one executed: Monday posts nothing.
            #expect(await client.runJobs(at: utc("2026-11-23T15:00:00Z"), for: family)["recurring"] == 0)
            family = try await client.signIn(family)
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 18_00))
        }
    }
}
