import AllowanceAPI
import Foundation
import Testing

@testable import AllowanceServer

/// quick-actions.md "RecurringTransactionServiceTests: Control (5 tests)".
@Suite struct RecurringControlTests {
    @Test func pause_SetsIsPausedTrueAndNothingFallsDue() async throws {
        try await withApp { client in
            var family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            let club = try await client.createRecurring(recurringInput(for: kai), in: family)
            let paused: RecurringTransactionDto = try await client.call(
                .POST, "/api/v1/recurring-transactions/\(club.id)/pause", token: family.parent.token)
            #expect(paused.isPaused && paused.isActive)
            #expect(await client.runJobs(at: utc("2026-11-24T15:00:00Z"), for: family)["recurring"] == 0)
            family = try await client.signIn(family)
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 20_00))
            #expect(try await client.recurring(club.id, in: family).occurrenceCount == 0)
        }
    }

    /// "Every Monday at 09:00" is 09:00 where the family lives: moving east brings the next one
    /// to that Monday's 09:00 in the new zone; moving back west again does not post that Monday twice.
    @Test func movingTheFamilyKeepsEachScheduleAtItsLocalTime() async throws {
        try await withApp { client in
            var family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            let club = try await client.createRecurring(recurringInput(for: kai), in: family)
            #expect(club.nextExecutionDate == utc("2026-11-23T14:00:00Z"))  // Monday 09:00 in New York
            let tokyo = try await client.send(
                .PUT, "/api/v1/families/current", token: family.parent.token, json: UpdateFamilyRequest(timeZone: "Asia/Tokyo"))
            #expect(tokyo.status == .ok)
            #expect(try await client.recurring(club.id, in: family).nextExecutionDate == utc("2026-11-23T00:00:00Z"))  // 09:00 in Tokyo
            #expect(await client.runJobs(at: utc("2026-11-23T00:05:00Z"), for: family)["recurring"] == 1)
            // Monday 00:05 UTC: still Sunday in Honolulu, where the family now goes.
            family = try await client.signIn(family)
            _ = try await client.call(
                .PUT, "/api/v1/families/current", token: family.parent.token, json: UpdateFamilyRequest(timeZone: "Pacific/Honolulu"),
                as: FamilyResponse.self)
            #expect(try await client.recurring(club.id, in: family).nextExecutionDate == utc("2026-11-30T19:00:00Z"))  // the next Monday
            #expect(await client.runJobs(at: utc("2026-11-23T20:00:00Z"), for: family)["recurring"] == 0)
            family = try await client.signIn(family)
            #expect(try await client.ledger(of: kai, in: family, search: "Comic").count == 1)
        }
    }

    @Test func resume_SetsIsPausedFalseAndSkipsWhatFellDueWhilePaused() async throws {
        try await withApp { client in
            var family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            let club = try await client.createRecurring(recurringInput(for: kai), in: family)
            try await client.send(.POST, "/api/v1/recurring-transactions/\(club.id)/pause", token: family.parent.token)
            // Two Mondays pass while paused; resumed on Tuesday 1 December.
            client.now.value = utc("2026-12-01T16:00:00Z")
            family = try await client.signIn(family)
            let resumed: RecurringTransactionDto = try await client.call(
                .POST, "/api/v1/recurring-transactions/\(club.id)/resume", token: family.parent.token)
            #expect(!resumed.isPaused && resumed.isActive)
            #expect(resumed.nextExecutionDate == utc("2026-12-07T14:00:00Z"))
            #expect(await client.runJobs(at: utc("2026-12-01T16:00:00Z"), for: family)["recurring"] == 0)
            #expect(await client.runJobs(at: utc("2026-12-07T14:05:00Z"), for: family)["recurring"] == 1)
            family = try await client.signIn(family)
            #expect(try await client.ledger(of: kai, in: family, search: "Comic").map(\.createdAt) == [utc("2026-12-07T14:00:00Z")])
            #expect(try await client.recurring(club.id, in: family).occurrenceCount == 1)
        }
    }

    @Test func executeNow_WorksWhilePausedAndIsRefusedOnceFinished() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            let once = try await client.createRecurring(recurringInput(for: kai, cents: 1_00, max: 1), in: family)
            try await client.send(.POST, "/api/v1/recurring-transactions/\(once.id)/pause", token: family.parent.token)
            #expect(
                try await client.send(.POST, "/api/v1/recurring-transactions/\(once.id)/execute", token: family.parent.token).status
                    == .created)
            let finished = try await client.recurring(once.id, in: family)
            #expect(!finished.isActive && finished.occurrenceCount == 1)
            let again = try await client.send(.POST, "/api/v1/recurring-transactions/\(once.id)/execute", token: family.parent.token)
            #expect(again.status == .conflict)
            #expect(again.error?.message == "Comic club has finished: it has no occurrences left")
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 19_00))
        }
    }

    @Test func executeNow_TheBalanceCannotCoverChangesNothing() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 1_00))])
            let kai = family.children[0]
            let club = try await client.createRecurring(recurringInput(for: kai, cents: 5_00), in: family)
            let response = try await client.send(.POST, "/api/v1/recurring-transactions/\(club.id)/execute", token: family.parent.token)
            #expect(response.status == .unprocessableEntity)
            #expect(response.error?.message == "Insufficient balance: Kai has $1.00")
            let after = try await client.recurring(club.id, in: family)
            #expect(after.occurrenceCount == 0 && after.nextExecutionDate == club.nextExecutionDate && after.lastExecutedAt == nil)
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 1_00))
        }
    }

    @Test func update_RaisingMaxOccurrencesReopensAFinishedScheduleFromNow() async throws {
        try await withApp { client in
            var family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            let chores = try await client.createRecurring(
                recurringInput(for: kai, name: "Chores", cents: 1_00, type: .credit, pattern: .daily, dayOfWeek: nil, max: 1), in: family)
            await client.runJobs(at: utc("2026-11-25T20:00:00Z"), for: family)
            family = try await client.signIn(family)
            #expect(try await client.recurring(chores.id, in: family).isActive == false)
            let reopened: RecurringTransactionDto = try await client.call(
                .PUT, "/api/v1/recurring-transactions/\(chores.id)", token: family.parent.token,
                json: UpdateRecurringTransactionDto(maxOccurrences: 3))
            #expect(reopened.isActive)
            // Not the days it sat finished: the next 09:00 from now.
            #expect(reopened.nextExecutionDate == utc("2026-11-26T14:00:00Z"))
            #expect(await client.runJobs(at: utc("2026-11-25T20:00:00Z"), for: family)["recurring"] == 0)
        }
    }
}
