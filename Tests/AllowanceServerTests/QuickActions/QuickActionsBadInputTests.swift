import AllowanceAPI
import Foundation
import Testing
import Vapor

@testable import AllowanceServer

/// Malformed quick-actions requests get a 4xx with a message, and change nothing.
@Suite struct QuickActionsBadInputTests {
    @Test func badIdsInPathsAre400AndUnknownIdsAre404() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let token = family.parent.token
            let unknown = UUID()
            let routes: [(HTTPMethod, String, String, String?)] = [
                (.GET, "/api/v1/recurring-transactions/{id}", "recurringTransactionId", nil),
                (.PUT, "/api/v1/recurring-transactions/{id}", "recurringTransactionId", #"{"name":"x"}"#),
                (.DELETE, "/api/v1/recurring-transactions/{id}", "recurringTransactionId", nil),
                (.POST, "/api/v1/recurring-transactions/{id}/pause", "recurringTransactionId", nil),
                (.POST, "/api/v1/recurring-transactions/{id}/resume", "recurringTransactionId", nil),
                (.POST, "/api/v1/recurring-transactions/{id}/execute", "recurringTransactionId", nil),
                (.GET, "/api/v1/children/{id}/recurring-transactions", "childId", nil),
                (.POST, "/api/v1/recurring-transactions/pending/{id}/approve", "occurrenceId", nil),
                (.POST, "/api/v1/recurring-transactions/pending/{id}/reject", "occurrenceId", nil),
                (.POST, "/api/v1/children/{id}/allowance/pause", "childId", nil),
                (.POST, "/api/v1/children/{id}/allowance/resume", "childId", nil),
                (.PUT, "/api/v1/templates/{id}", "templateId", #"{"name":"x"}"#),
                (.DELETE, "/api/v1/templates/{id}", "templateId", nil),
                (.POST, "/api/v1/templates/{id}/use", "templateId", #"{"childId":"\#(family.children[0].id)"}"#),
                (.GET, "/api/v1/widgets/balance/{id}", "childId", nil),
                (.GET, "/api/v1/widgets/quick-actions/{id}", "childId", nil),
                (.GET, "/api/v1/siri/balance/{id}", "childId", nil),
            ]
            for (method, template, name, body) in routes {
                let bad = try await client.send(method, template.replacingOccurrences(of: "{id}", with: "12345"), token: token, body: body)
                #expect(bad.status == .badRequest, "\(method) \(template)")
                #expect(bad.error?.message.contains("\(name) must be a UUID") == true, "\(method) \(template): \(bad.error?.message ?? "")")
                let missing = try await client.send(
                    method, template.replacingOccurrences(of: "{id}", with: unknown.uuidString), token: token, body: body)
                #expect(missing.status == .notFound, "\(method) \(template) with an unknown id answered \(missing.status.code)")
            }
            #expect(try await client.balance(of: family.children[0], in: family) == Money(cents: 20_00))
        }
    }

    @Test func bodiesThatAreNotObjectsAre400() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let club = try await client.createRecurring(recurringInput(for: family.children[0]), in: family)
            let template: TransactionTemplateDto = try await client.call(
                .POST, "/api/v1/templates", token: family.parent.token,
                json: CreateTransactionTemplateDto(name: "Bus", iconName: "bus", type: .debit))
            let routes: [(HTTPMethod, String)] = [
                (.POST, "/api/v1/recurring-transactions"), (.PUT, "/api/v1/recurring-transactions/\(club.id)"),
                (.POST, "/api/v1/templates"), (.PUT, "/api/v1/templates/\(template.id)"), (.POST, "/api/v1/templates/\(template.id)/use"),
            ]
            for (method, path) in routes {
                for body in ["", "[]", #"{"name": "#, "42"] {
                    let response = try await client.send(method, path, token: family.parent.token, body: body)
                    #expect(
                        response.status == .badRequest || response.status == .unprocessableEntity,
                        "\(method) \(path) with \(body): \(response.status.code)")
                    #expect(response.error != nil)
                }
            }
            let after = try await client.recurring(club.id, in: family)
            #expect(after.name == club.name && after.amount == club.amount)
            #expect(try await client.balance(of: family.children[0], in: family) == Money(cents: 20_00))
        }
    }

    @Test func runJobsRefusesADateItCannotRead() throws {
        #expect(ISO8601Wire.parse("next month") == nil)
        #expect(
            RunJobsCommand.BadDate(text: "next month").description
                == "--at next month is not an ISO 8601 instant such as 2026-12-01T09:00:00Z")
        #expect(Scheduler.interval(fromEnvironment: nil) == .seconds(60))
        #expect(Scheduler.interval(fromEnvironment: "5") == .seconds(5))
        #expect(Scheduler.interval(fromEnvironment: "0") == nil)
        #expect(Scheduler.interval(fromEnvironment: "soon") == .seconds(60))
    }
}
