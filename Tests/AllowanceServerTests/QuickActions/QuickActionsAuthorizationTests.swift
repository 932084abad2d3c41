import AllowanceAPI
import Foundation
import Testing
import Vapor

@testable import AllowanceServer

/// Every quick-actions endpoint refuses the anonymous, another family, a sibling, and a child on
/// a parent-only action, and changes nothing when it refuses.
@Suite struct QuickActionsAuthorizationTests {
    struct Setup {
        let family: TestFamily
        let kai: TestChild
        let freya: TestChild
        let stranger: TestFamily
        let recurringID: UUID
        let occurrenceID: UUID
        let templateID: UUID
    }

    /// Kai ($50.00) has a recurring transaction with one occurrence waiting for approval, and
    /// the parent has made a template.
    func setUp(_ client: TestClient) async throws -> Setup {
        let family = try await client.family(children: [("Kai", Money(cents: 50_00)), ("Freya", Money(cents: 40_00))])
        let stranger = try await client.family(name: "Strangers", children: [("Sam", Money(cents: 5_00))])
        let kai = family.children[0]
        // Every day at 13:31 in New York, a minute after the tests' start.
        let recurring = try await client.createRecurring(
            recurringInput(for: kai, name: "Kai's club", cents: 3_00, pattern: .daily, dayOfWeek: nil, time: "13:31", approval: true),
            in: family)
        await client.runJobs(at: testStart.addingTimeInterval(60), for: family)
        let pending: [PendingRecurringOccurrenceDto] = try await client.call(
            .GET, "/api/v1/recurring-transactions/pending", token: family.parent.token)
        let template: TransactionTemplateDto = try await client.call(
            .POST, "/api/v1/templates", token: family.parent.token,
            json: CreateTransactionTemplateDto(name: "Kai's bus", iconName: "bus", defaultAmount: Money(cents: 1_00), type: .debit))
        return Setup(
            family: family, kai: kai, freya: family.children[1], stranger: stranger, recurringID: recurring.id,
            occurrenceID: try #require(pending.first?.id), templateID: template.id)
    }

    /// Routes that name Kai's data (method, path, body).
    func kaiRoutes(_ s: Setup) -> [(HTTPMethod, String, String?)] {
        let kai = s.kai.id
        let recurring = "/api/v1/recurring-transactions/\(s.recurringID)"
        return [
            (
                .POST, "/api/v1/recurring-transactions",
                #"{"childId":"\#(kai)","name":"x","amount":1,"type":"Credit","pattern":1,"startDate":"2026-11-22"}"#
            ),
            (.GET, "/api/v1/children/\(kai)/recurring-transactions", nil),
            (.GET, recurring, nil),
            (.PUT, recurring, #"{"name":"Hacked","amount":99}"#),
            (.DELETE, recurring, nil),
            (.POST, recurring + "/pause", nil),
            (.POST, recurring + "/resume", nil),
            (.POST, recurring + "/execute", nil),
            (.POST, "/api/v1/recurring-transactions/pending/\(s.occurrenceID)/approve", nil),
            (.POST, "/api/v1/recurring-transactions/pending/\(s.occurrenceID)/reject", nil),
            (.POST, "/api/v1/children/\(kai)/allowance/pause", nil),
            (.POST, "/api/v1/children/\(kai)/allowance/resume", nil),
            (.PUT, "/api/v1/templates/\(s.templateID)", #"{"name":"Hacked"}"#),
            (.DELETE, "/api/v1/templates/\(s.templateID)", nil),
            (.POST, "/api/v1/templates/\(s.templateID)/use", #"{"childId":"\#(kai)"}"#),
            (.GET, "/api/v1/widgets/balance/\(kai)", nil),
            (.GET, "/api/v1/widgets/quick-actions/\(kai)", nil),
            (.GET, "/api/v1/siri/balance/\(kai)", nil),
        ]
    }

    /// Nothing of Kai's moved: balance, schedule, pending occurrence, template.
    func expectUnchanged(_ s: Setup, _ client: TestClient, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        #expect(try await client.balance(of: s.kai, in: s.family) == Money(cents: 50_00), sourceLocation: sourceLocation)
        let recurring = try await client.recurring(s.recurringID, in: s.family)
        #expect(recurring.name == "Kai's club" && !recurring.isPaused && recurring.occurrenceCount == 1, sourceLocation: sourceLocation)
        let pending: [PendingRecurringOccurrenceDto] = try await client.call(
            .GET, "/api/v1/recurring-transactions/pending", token: s.family.parent.token)
        #expect(pending.map(\.id) == [s.occurrenceID], sourceLocation: sourceLocation)
        let templates: [TransactionTemplateDto] = try await client.call(.GET, "/api/v1/templates", token: s.family.parent.token)
        #expect(
            templates.contains { $0.id == s.templateID && $0.name == "Kai's bus" && $0.usageCount == 0 }, sourceLocation: sourceLocation)
        let kai: ChildResponse = try await client.call(.GET, "/api/v1/children/\(s.kai.id)", token: s.family.parent.token)
        #expect(!kai.allowancePaused, sourceLocation: sourceLocation)
    }

    @Test func anonymousCallersGet401Everywhere() async throws {
        try await withApp { client in
            let s = try await setUp(client)
            var routes = kaiRoutes(s)
            routes += [
                (.GET, "/api/v1/recurring-transactions", nil), (.GET, "/api/v1/recurring-transactions/pending", nil),
                (.GET, "/api/v1/templates", nil), (.POST, "/api/v1/templates", #"{"name":"x","iconName":"x","type":"Debit"}"#),
                (.GET, "/api/v1/widgets/family-balances", nil),
            ]
            for (method, path, body) in routes {
                for token in [nil, "not-a-jwt"] {
                    let response = try await client.send(method, path, token: token, body: body)
                    #expect(response.status == .unauthorized, "\(method) \(path)")
                    #expect(response.error?.code == "unauthorized")
                }
            }
            try await expectUnchanged(s, client)
        }
    }

    @Test func anotherFamilysParentLearnsNothing() async throws {
        try await withApp { client in
            let s = try await setUp(client)
            for (method, path, body) in kaiRoutes(s) {
                let response = try await client.send(method, path, token: s.stranger.parent.token, body: body)
                #expect(response.status == .notFound, "\(method) \(path) answered \(response.status.code)")
                #expect(!response.body.string.contains("Kai"), "\(method) \(path) leaked a name")
                #expect(!response.body.string.contains("50"), "\(method) \(path) leaked a balance")
            }
            // Their lists hold only their own family.
            let recurring: [RecurringTransactionDto] = try await client.call(
                .GET, "/api/v1/recurring-transactions", token: s.stranger.parent.token)
            let pending: [PendingRecurringOccurrenceDto] = try await client.call(
                .GET, "/api/v1/recurring-transactions/pending", token: s.stranger.parent.token)
            let templates: [TransactionTemplateDto] = try await client.call(.GET, "/api/v1/templates", token: s.stranger.parent.token)
            #expect(recurring.isEmpty && pending.isEmpty && !templates.contains { $0.id == s.templateID })
            try await expectUnchanged(s, client)
        }
    }

    @Test func aSiblingLearnsNothing() async throws {
        try await withApp { client in
            let s = try await setUp(client)
            for (method, path, body) in kaiRoutes(s) {
                let response = try await client.send(method, path, token: s.freya.token, body: body)
                #expect(response.status == .notFound || response.status == .forbidden, "\(method) \(path) answered \(response.status.code)")
                #expect(!response.body.string.contains("50"), "\(method) \(path) leaked a balance")
            }
            let mine: [RecurringTransactionDto] = try await client.call(
                .GET, "/api/v1/children/\(s.freya.id)/recurring-transactions", token: s.freya.token)
            #expect(mine.isEmpty)
            try await expectUnchanged(s, client)
        }
    }

    @Test func childrenCannotUseParentOnlyEndpoints() async throws {
        try await withApp { client in
            let s = try await setUp(client)
            let kai = s.kai.id
            let recurring = "/api/v1/recurring-transactions/\(s.recurringID)"
            let attempts: [(HTTPMethod, String, String?)] = [
                (
                    .POST, "/api/v1/recurring-transactions",
                    #"{"childId":"\#(kai)","name":"x","amount":1,"type":"Credit","pattern":1,"startDate":"2026-11-22"}"#
                ),
                (.GET, "/api/v1/recurring-transactions", nil),
                (.PUT, recurring, #"{"name":"Mine now"}"#),
                (.DELETE, recurring, nil),
                (.POST, recurring + "/pause", nil),
                (.POST, recurring + "/resume", nil),
                (.POST, recurring + "/execute", nil),
                (.GET, "/api/v1/recurring-transactions/pending", nil),
                (.POST, "/api/v1/recurring-transactions/pending/\(s.occurrenceID)/approve", nil),
                (.POST, "/api/v1/recurring-transactions/pending/\(s.occurrenceID)/reject", nil),
                (.POST, "/api/v1/children/\(kai)/allowance/pause", nil),
                (.POST, "/api/v1/children/\(kai)/allowance/resume", nil),
                (.POST, "/api/v1/templates", #"{"name":"x","iconName":"x","type":"Credit"}"#),
                (.PUT, "/api/v1/templates/\(s.templateID)", #"{"name":"Mine"}"#),
                (.DELETE, "/api/v1/templates/\(s.templateID)", nil),
                (.GET, "/api/v1/widgets/family-balances", nil),
            ]
            for (method, path, body) in attempts {
                let response = try await client.send(method, path, token: s.kai.token, body: body)
                #expect(response.status == .forbidden, "\(method) \(path) answered \(response.status.code)")
                #expect(response.error?.code == "parent_only", "\(method) \(path): \(response.error?.code ?? "")")
            }
            // What Kai may do: read his own schedule and widgets.
            let own: RecurringTransactionDto = try await client.call(.GET, recurring, token: s.kai.token)
            #expect(own.name == "Kai's club")
            try await expectUnchanged(s, client)
        }
    }
}
