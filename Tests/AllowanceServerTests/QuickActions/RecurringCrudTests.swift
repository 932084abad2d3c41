import AllowanceAPI
import Foundation
import Testing

@testable import AllowanceServer

/// quick-actions.md "RecurringTransactionServiceTests: CRUD (10 tests)".
@Suite struct RecurringCrudTests {
    @Test func create_SetsNextExecutionDate() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            let response = try await client.send(
                .POST, "/api/v1/recurring-transactions", token: family.parent.token, json: recurringInput(for: kai))
            #expect(response.status == .created)
            let created = try response.decode(RecurringTransactionDto.self)
            // Created Saturday 13:30 in New York: the first Monday 09:00 is the 23rd, 14:00 UTC.
            #expect(created.nextExecutionDate == utc("2026-11-23T14:00:00Z"))
            #expect(created.patternDescription == "Every Monday")
            #expect(created.pattern == .weekly && created.patternName == "Weekly")
            #expect(created.timeOfDay?.text == "09:00:00")
            #expect(created.childName == "Kai")
            #expect(created.typeName == "Debit")
            #expect(created.occurrenceCount == 0 && created.lastExecutedAt == nil)
            #expect(created.isActive && !created.isPaused && !created.requiresApproval)
            // Creating moves no money.
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 20_00))
        }
    }

    @Test func create_ValidatesRecurrenceSettings() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0].id
            let long = String(repeating: "x", count: 10_000)
            func body(_ fields: String, pattern: String = #""pattern":2,"dayOfWeek":1"#) -> String {
                #"{"childId":"\#(kai)","name":"Club","amount":2,"type":"Debit",\#(pattern),"startDate":"2026-11-22",\#(fields)}"#
                    .replacingOccurrences(of: ",}", with: "}")
            }
            let cases: [(String, String)] = [
                (body("", pattern: #""pattern":2,"dayOfWeek":7"#), "dayOfWeek must be from 0 (Sunday) to 6 (Saturday)"),
                (body("", pattern: #""pattern":2,"dayOfWeek":-1"#), "dayOfWeek must be from 0 (Sunday) to 6 (Saturday)"),
                (body("", pattern: #""pattern":4,"dayOfMonth":29"#), "dayOfMonth must be from 1 to 28"),
                (body("", pattern: #""pattern":4,"dayOfMonth":0"#), "dayOfMonth must be from 1 to 28"),
                (body("", pattern: #""pattern":9"#), "pattern"),
                (body(#""endDate":"2026-11-20""#), "endDate must be after startDate"),
                (body(#""maxOccurrences":0"#), "maxOccurrences must be from 1 to 10000"),
                (body(#""timeOfDay":"25:00""#), "timeOfDay is not a time of day"),
                (
                    #"{"childId":"\#(kai)","name":"Club","amount":2,"type":"Debit","pattern":1,"startDate":"2026-11-01"}"#,
                    "startDate cannot be in the past"
                ),
                (#"{"childId":"\#(kai)","name":"Club","amount":2,"type":"Debit","pattern":1}"#, "startDate is required"),
                (
                    #"{"childId":"\#(kai)","name":"Club","amount":0,"type":"Debit","pattern":1,"startDate":"2026-11-22"}"#,
                    "Amount must be greater than zero"
                ),
                (
                    #"{"childId":"\#(kai)","name":"Club","amount":-3,"type":"Debit","pattern":1,"startDate":"2026-11-22"}"#,
                    "Amount must be greater than zero"
                ),
                (
                    #"{"childId":"\#(kai)","name":"Club","amount":1.005,"type":"Debit","pattern":1,"startDate":"2026-11-22"}"#,
                    "amount has more than two decimal places"
                ),
                (#"{"childId":"\#(kai)","name":"Club","amount":1,"type":"Gift","pattern":1,"startDate":"2026-11-22"}"#, "type"),
                (#"{"childId":"\#(kai)","name":" ","amount":1,"type":"Debit","pattern":1,"startDate":"2026-11-22"}"#, "Name is required"),
                (
                    #"{"childId":"\#(kai)","name":"\#(long)","amount":1,"type":"Debit","pattern":1,"startDate":"2026-11-22"}"#,
                    "Name must be at most 100 characters"
                ),
                (
                    #"{"childId":"\#(kai)","name":"Club","description":"\#(long)","amount":1,"type":"Debit","pattern":1,"startDate":"2026-11-22"}"#,
                    "Description must be at most 200 characters"
                ),
                (#"{"name":"Club","amount":1,"type":"Debit","pattern":1,"startDate":"2026-11-22"}"#, "childId is required"),
                (
                    #"{"childId":"\#(kai)","name":"Club","amount":1,"type":"Debit","pattern":1,"startDate":"2026-11-22","endDate":"2026-11-23","maxOccurrences":1,"dayOfWeek":"x"}"#,
                    "dayOfWeek"
                ),
            ]
            // Refusals that depend on another field, the date or the family's data fit the document: 422.
            let rules: Set<String> = ["endDate must be after startDate", "startDate cannot be in the past"]
            for (json, message) in cases {
                let response = try await client.send(.POST, "/api/v1/recurring-transactions", token: family.parent.token, body: json)
                #expect(
                    response.status == (rules.contains(message) ? .unprocessableEntity : .badRequest),
                    "\(json.prefix(120)) answered \(response.status.code)")
                #expect(
                    response.error?.message.contains(message) == true,
                    "\(json.prefix(120)): \(response.error?.message ?? response.body.string)")
            }
            let list: [RecurringTransactionDto] = try await client.call(.GET, "/api/v1/recurring-transactions", token: family.parent.token)
            #expect(list.isEmpty)
        }
    }

    @Test func create_ReadsABareStartDateAsTheFamilysDay() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let created = try await client.createRecurring(
                recurringInput(
                    for: family.children[0], name: "Pocket money", type: .credit, pattern: .monthly, dayOfWeek: nil, dayOfMonth: 15,
                    time: nil,
                    start: utc("2026-12-01T00:00:00Z"), end: utc("2027-01-15T00:00:00Z")), in: family)
            #expect(created.startDate == utc("2026-12-01T05:00:00Z"))  // midnight on 1 December in New York
            #expect(created.nextExecutionDate == utc("2026-12-15T05:00:00Z"))
            #expect(created.patternDescription == "Monthly on the 15th")
            // A bare end date includes its whole day.
            #expect(created.endDate == utc("2027-01-16T05:00:00Z"))
            // Monthly schedules keep no weekday.
            #expect(created.dayOfWeek == nil && created.dayOfMonth == 15)
        }
    }

    /// The documents' DTO makes dayOfWeek, dayOfMonth and timeOfDay optional: a schedule
    /// without them runs on its start date's weekday or day of the month, at its start time.
    @Test func create_WithoutDayOrTimeTakesThemFromTheStartDate() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            // Tuesday 1 December 2026, 16:30 in New York.
            let weekly = try await client.createRecurring(
                recurringInput(for: kai, name: "Club", dayOfWeek: nil, time: nil, start: utc("2026-12-01T21:30:00Z")), in: family)
            #expect(weekly.dayOfWeek == 2 && weekly.timeOfDay?.text == "16:30:00")
            #expect(weekly.patternDescription == "Every Tuesday")
            #expect(weekly.nextExecutionDate == utc("2026-12-01T21:30:00Z"))
            // Sent as raw JSON, the way a client written from the document sends it.
            let response = try await client.send(
                .POST, "/api/v1/recurring-transactions", token: family.parent.token,
                body: #"{"childId":"\#(kai.id)","name":"Rent","amount":2,"type":"Debit","pattern":4,"startDate":"2026-12-15"}"#)
            #expect(response.status == .created, "\(response.body.string)")
            let monthly = try response.decode(RecurringTransactionDto.self)
            #expect(monthly.dayOfMonth == 15 && monthly.timeOfDay?.text == "00:00:00")
            #expect(monthly.nextExecutionDate == utc("2026-12-15T05:00:00Z"))
            // A bare weekly schedule: Tuesday 1 December's weekday, at local midnight.
            let bare = try await client.send(
                .POST, "/api/v1/recurring-transactions", token: family.parent.token,
                body: #"{"childId":"\#(kai.id)","name":"Bus","amount":1,"type":"Debit","pattern":2,"startDate":"2026-12-01"}"#)
            #expect(bare.status == .created, "\(bare.body.string)")
            #expect(try bare.decode(RecurringTransactionDto.self).dayOfWeek == 2)
            // A start with fractional seconds (a client's "now"): its first occurrence is that day, not a week later.
            let precise = try await client.send(
                .POST, "/api/v1/recurring-transactions", token: family.parent.token,
                body:
                    #"{"childId":"\#(kai.id)","name":"Now","amount":1,"type":"Debit","pattern":2,"startDate":"2026-12-01T21:30:00.750Z"}"#)
            #expect(precise.status == .created, "\(precise.body.string)")
            #expect(try precise.decode(RecurringTransactionDto.self).nextExecutionDate == utc("2026-12-01T21:30:00Z"))
        }
    }

    @Test func getByFamily_ListsEveryChildNextDueFirst() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00)), ("Freya", Money(cents: 20_00))])
            let (kai, freya) = (family.children[0], family.children[1])
            _ = try await client.createRecurring(recurringInput(for: kai, name: "Later", dayOfWeek: 5), in: family)
            _ = try await client.createRecurring(recurringInput(for: freya, name: "Sooner", dayOfWeek: 0), in: family)
            let list: [RecurringTransactionDto] = try await client.call(.GET, "/api/v1/recurring-transactions", token: family.parent.token)
            #expect(list.map(\.name) == ["Sooner", "Later"])
            #expect(list.map(\.childName) == ["Freya", "Kai"])
            let stranger = try await client.family(name: "Strangers")
            let theirs: [RecurringTransactionDto] = try await client.call(
                .GET, "/api/v1/recurring-transactions", token: stranger.parent.token)
            #expect(theirs.isEmpty)
        }
    }

    @Test func getByChild_ParentOrSelf() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00)), ("Freya", Money(cents: 20_00))])
            let (kai, freya) = (family.children[0], family.children[1])
            _ = try await client.createRecurring(recurringInput(for: kai, name: "Kai's club"), in: family)
            _ = try await client.createRecurring(recurringInput(for: freya, name: "Freya's club"), in: family)
            let asParent: [RecurringTransactionDto] = try await client.call(
                .GET, "/api/v1/children/\(kai.id)/recurring-transactions", token: family.parent.token)
            #expect(asParent.map(\.name) == ["Kai's club"])
            let asKai: [RecurringTransactionDto] = try await client.call(
                .GET, "/api/v1/children/\(kai.id)/recurring-transactions", token: kai.token)
            #expect(asKai.map(\.name) == ["Kai's club"])
            let sibling = try await client.send(.GET, "/api/v1/children/\(freya.id)/recurring-transactions", token: kai.token)
            #expect(sibling.status == .notFound)
        }
    }

    @Test func getById_FamilyMemberSeesOnlyTheirOwn() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00)), ("Freya", Money(cents: 20_00))])
            let (kai, freya) = (family.children[0], family.children[1])
            let club = try await client.createRecurring(recurringInput(for: kai), in: family)
            let mine: RecurringTransactionDto = try await client.call(.GET, "/api/v1/recurring-transactions/\(club.id)", token: kai.token)
            #expect(mine.id == club.id)
            #expect(try await client.send(.GET, "/api/v1/recurring-transactions/\(club.id)", token: freya.token).status == .notFound)
            #expect(try await client.send(.GET, "/api/v1/recurring-transactions/\(UUID())", token: family.parent.token).status == .notFound)
        }
    }

    @Test func update_ChangesFieldsAndRecalculatesNextExecution() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let club = try await client.createRecurring(recurringInput(for: family.children[0]), in: family)
            let updated: RecurringTransactionDto = try await client.call(
                .PUT, "/api/v1/recurring-transactions/\(club.id)", token: family.parent.token,
                json: UpdateRecurringTransactionDto(
                    name: "Art club", amount: Money(cents: 3_50), pattern: .daily, timeOfDay: TimeOfDay(hour: 7, minute: 15),
                    requiresApproval: true))
            #expect(updated.name == "Art club")
            #expect(updated.amount == Money(cents: 3_50))
            #expect(updated.patternDescription == "Every day")
            #expect(updated.dayOfWeek == nil)
            // Tomorrow 07:15 in New York.
            #expect(updated.nextExecutionDate == utc("2026-11-22T12:15:00Z"))
            #expect(updated.requiresApproval)
            // Only the name: the schedule stays where it was.
            let renamed: RecurringTransactionDto = try await client.call(
                .PUT, "/api/v1/recurring-transactions/\(club.id)", token: family.parent.token,
                json: UpdateRecurringTransactionDto(name: "Drawing"))
            #expect(renamed.nextExecutionDate == updated.nextExecutionDate)
            #expect(renamed.amount == Money(cents: 3_50))
        }
    }

    @Test func update_RefusesBadSettingsAndChangesNothing() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let club = try await client.createRecurring(recurringInput(for: family.children[0]), in: family)
            let path = "/api/v1/recurring-transactions/\(club.id)"
            let cases: [(String, String)] = [
                (#"{"dayOfMonth":29,"pattern":4}"#, "dayOfMonth must be from 1 to 28"),
                (#"{"dayOfWeek":9}"#, "dayOfWeek must be from 0 (Sunday) to 6 (Saturday)"),
                (#"{"endDate":"2026-11-01"}"#, "endDate must be after startDate"),
                (#"{"amount":0}"#, "Amount must be greater than zero"),
                (#"{"amount":2.999}"#, "amount has more than two decimal places"),
                (#"{"name":""}"#, "Name is required"),
                (#"{"maxOccurrences":-2}"#, "maxOccurrences must be from 1 to 10000"),
                (#"{"requiresApproval":"yes"}"#, "requiresApproval must be true or false"),
            ]
            // Refusals that depend on another field, the date or the family's data fit the document: 422.
            let rules: Set<String> = ["endDate must be after startDate"]
            for (json, message) in cases {
                let response = try await client.send(.PUT, path, token: family.parent.token, body: json)
                #expect(response.status == (rules.contains(message) ? .unprocessableEntity : .badRequest), "\(json)")
                #expect(response.error?.message.contains(message) == true, "\(json): \(response.error?.message ?? response.body.string)")
            }
            let after = try await client.recurring(club.id, in: family)
            #expect(
                after.name == club.name && after.amount == club.amount && after.pattern == .weekly
                    && after.nextExecutionDate == club.nextExecutionDate)
        }
    }

    @Test func delete_RemovesTheScheduleAndKeepsWhatItPosted() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            let club = try await client.createRecurring(recurringInput(for: kai), in: family)
            #expect(
                try await client.send(.POST, "/api/v1/recurring-transactions/\(club.id)/execute", token: family.parent.token).status
                    == .created)
            let deleted = try await client.send(.DELETE, "/api/v1/recurring-transactions/\(club.id)", token: family.parent.token)
            #expect(deleted.status == .noContent)
            #expect(
                try await client.send(.GET, "/api/v1/recurring-transactions/\(club.id)", token: family.parent.token).status == .notFound)
            // Past Monday's due time (and before Saturday's payday).
            await client.runJobs(at: utc("2026-11-27T15:00:00Z"), for: family)
            let fresh = try await client.signIn(family)
            #expect(try await client.ledger(of: kai, in: fresh).map(\.description) == ["Opening balance", "Comic club"])
            #expect(try await client.balance(of: kai, in: fresh) == Money(cents: 18_00))
        }
    }

    @Test func create_ForAChildOutsideTheFamilyIsNotFound() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let stranger = try await client.family(name: "Strangers", children: [("Sam", Money(cents: 5_00))])
            let response = try await client.send(
                .POST, "/api/v1/recurring-transactions", token: family.parent.token, json: recurringInput(for: stranger.children[0]))
            #expect(response.status == .notFound)
            #expect(response.error?.message == "Child was not found")
            let theirs: [RecurringTransactionDto] = try await client.call(
                .GET, "/api/v1/recurring-transactions", token: stranger.parent.token)
            #expect(theirs.isEmpty)
        }
    }
}
