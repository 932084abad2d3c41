import AllowanceAPI
import Foundation
import Testing
import Vapor

@testable import AllowanceServer

/// Malformed requests get a 4xx with a message a person can act on, and change nothing.
@Suite struct BadInputTests {
    @Test func badTransactionsAreRefusedAndChangeNothing() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            let long = String(repeating: "x", count: 10_000)
            let cases: [(String, String)] = [
                (#"{"childId":"\#(kai.id)","amount":0,"type":"Debit","description":"x"}"#, "Amount must be greater than zero"),
                (#"{"childId":"\#(kai.id)","amount":-5,"type":"Credit","description":"x"}"#, "Amount must be greater than zero"),
                (#"{"childId":"\#(kai.id)","amount":1.005,"type":"Credit","description":"x"}"#, "amount has more than two decimal places"),
                (#"{"childId":"\#(kai.id)","amount":"abc","type":"Credit","description":"x"}"#, "amount is not an amount of money"),
                (#"{"childId":"\#(kai.id)","amount":1,"type":"Gift","description":"x"}"#, "type"),
                (#"{"childId":"\#(kai.id)","amount":1,"type":"Credit"}"#, "description is required"),
                (#"{"childId":"\#(kai.id)","amount":1,"type":"Credit","description":"   "}"#, "Description is required"),
                (
                    #"{"childId":"\#(kai.id)","amount":1,"type":"Credit","description":"\#(long)"}"#,
                    "Description must be at most 200 characters"
                ),
                (
                    #"{"childId":"\#(kai.id)","amount":1,"type":"Credit","description":"x","notes":"\#(long)"}"#,
                    "Notes must be at most 1000 characters"
                ),
                (#"{"childId":"not-a-uuid","amount":1,"type":"Credit","description":"x"}"#, "childId"),
                (#"{"amount":1,"type":"Credit","description":"x"}"#, "childId is required"),
                (#"{"childId":"\#(kai.id)","amount":1e15,"type":"Credit","description":"x"}"#, "amount is too large"),
                (#"{"childId": "#, "not valid JSON"),
                ("[]", "The request body must be a JSON object"),
                ("", "The request body is empty; send a JSON object"),
            ]
            for (body, message) in cases {
                let response = try await client.send(.POST, "/api/v1/transactions", token: family.parent.token, body: body)
                #expect((400..<500).contains(response.status.code), "\(body.prefix(80)) answered \(response.status.code)")
                let error = try #require(response.error, "no JSON error for \(body.prefix(80)): \(response.body.string)")
                #expect(error.message.contains(message), "\(body.prefix(80)): \(error.message)")
            }
            let unknownChild = try await client.send(
                .POST, "/api/v1/transactions", token: family.parent.token,
                json: CreateTransactionRequest(childId: UUID(), amount: Money(cents: 100), type: .credit, description: "x"))
            #expect(unknownChild.status == .notFound)
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 20_00))
            let list: TransactionListResponse = try await client.call(
                .GET, "/api/v1/children/\(kai.id)/transactions", token: family.parent.token)
            #expect(list.transactions.count == 1)
            #expect(try await client.audit(family).isClean)
        }
    }

    @Test func badPathsAndQueriesAre400() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let token = family.parent.token
            let kai = family.children[0].id
            let cases: [(String, String)] = [
                ("/api/v1/children/123", "childId must be a UUID"),
                ("/api/v1/transactions/abc", "transactionId must be a UUID"),
                ("/api/v1/children/\(kai)/transactions?limit=0", "limit must be a number from 1 to 100"),
                ("/api/v1/children/\(kai)/transactions?limit=1000", "limit must be a number from 1 to 100"),
                ("/api/v1/children/\(kai)/transactions?offset=-1", "offset must be a number of 0 or more"),
                ("/api/v1/children/\(kai)/transactions?type=Gift", "type must be Credit or Debit"),
                ("/api/v1/children/\(kai)/transactions?from=yesterday", "from must be an ISO 8601 date"),
                ("/api/v1/children/\(kai)/transactions?from=2026-02-30", "from must be an ISO 8601 date"),
                ("/api/v1/children/\(kai)/transactions?to=2026-11-31", "to must be an ISO 8601 date"),
                ("/api/v1/children/\(kai)/transactions?from=2026-11-20&to=2026-11-01", "to must be after from"),
            ]
            // Refusals that depend on another field, the date or the family's data fit the document: 422.
            let rules: Set<String> = ["to must be after from"]
            for (path, message) in cases {
                let response = try await client.send(.GET, path, token: token)
                #expect(response.status == (rules.contains(message) ? .unprocessableEntity : .badRequest), "\(path)")
                #expect(response.error?.message.contains(message) == true, "\(path): \(response.error?.message ?? response.body.string)")
            }
            let unknown = try await client.send(.GET, "/api/v1/nothing-here", token: token)
            #expect(unknown.status == .notFound)
            #expect(unknown.error != nil)
        }
    }

    @Test func badChildUpdatesChangeNothing() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let path = "/api/v1/children/\(family.children[0].id)"
            for body in [
                #"{"firstName":""}"#, #"{"weeklyAllowance":-1}"#, #"{"weeklyAllowance":1.234}"#, #"{"allowanceDay":7}"#,
                #"{"lastName":"\#(String(repeating: "y", count: 10_000))"}"#, #"{"firstName":42}"#,
            ] {
                let response = try await client.send(.PUT, path, token: family.parent.token, body: body)
                #expect(response.status == .badRequest, "\(body.prefix(60))")
                #expect(response.error != nil)
            }
            let child: ChildResponse = try await client.call(.GET, path, token: family.parent.token)
            #expect(child.firstName == "Kai")
            #expect(child.weeklyAllowance == Money(cents: 10_00))
            #expect(child.allowanceDay == .saturday)
        }
    }

    @Test func badPreferencesChangeNothing() async throws {
        try await withApp { client in
            let family = try await client.family()
            let response = try await client.send(
                .PUT, "/api/v1/notifications/preferences", token: family.parent.token, body: #"{"lowBalanceThreshold":-5}"#)
            #expect(response.status == .badRequest)
            let notBool = try await client.send(
                .PUT, "/api/v1/notifications/preferences", token: family.parent.token, body: #"{"notificationsEnabled":"yes"}"#)
            #expect(notBool.status == .badRequest)
            #expect(notBool.error?.message == "notificationsEnabled must be true or false")
            let prefs: NotificationPreferencesDto = try await client.call(
                .GET, "/api/v1/notifications/preferences", token: family.parent.token)
            #expect(prefs.lowBalanceThreshold == Money(cents: 10_00))
            #expect(prefs.notificationsEnabled == true)
        }
    }
}
