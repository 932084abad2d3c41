import AllowanceAPI
import Foundation
import Testing
import Vapor

@testable import AllowanceServer

/// How a request finds its route (`RouteResponder`) and how an API body is read
/// (`Request.decodeJSON`): what a client sees of both.
@Suite struct RouteResponderTests {
    @Test func aPathParameterIsPercentDecodedOnceAsVaporDecodesIt() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0].id
            let encoded = kai.uuidString.replacingOccurrences(of: "-", with: "%2D")
            let twice = kai.uuidString.replacingOccurrences(of: "-", with: "%252D")
            // act
            let once: ChildBalanceResponse = try await client.call(.GET, "/api/v1/children/\(encoded)/balance", token: family.parent.token)
            let notTwice = try await client.send(.GET, "/api/v1/children/\(twice)/balance", token: family.parent.token)
            // assert
            #expect(once.childId == kai)
            #expect(once.currentBalance == Money(cents: 20_00))
            #expect(notTwice.status != .ok)
            #expect((400..<500).contains(notTwice.status.code))
        }
    }

    /// (The body itself is left off on the wire, by the HTTP server's encoder.)
    @Test func aHeadRequestIsAnsweredByTheGetRoute() async throws {
        try await withApp { client in
            let head = try await client.send(.HEAD, "/health")
            let get = try await client.send(.GET, "/health")
            #expect(head.status == .ok)
            #expect(get.status == .ok)
            #expect(head.headers.contentType == .json)
            #expect(head.headers.first(name: "X-Request-Id") != nil)
        }
    }

    @Test func everyAnswerCarriesTheApplicationsHeadersWhateverRouteAnswers() async throws {
        try await withApp { client in
            let family = try await client.family()
            let found = try await client.send(.GET, "/api/v1/families/current", token: family.parent.token)
            let unknown = try await client.send(.GET, "/api/v1/no-such-thing")
            let wrongMethod = try await client.send(.DELETE, "/api/v1/transactions")
            for response in [found, unknown, wrongMethod] {
                #expect(response.headers.first(name: "X-Request-Id") != nil)
                #expect(response.headers.first(name: "Server-Timing")?.hasPrefix("app;dur=") == true)
                #expect(response.headers.first(name: "X-Content-Type-Options") == "nosniff")
            }
            #expect(found.status == .ok)
            #expect(unknown.status == .notFound)
            #expect(unknown.error?.code == "not_found")
            #expect(wrongMethod.status == .methodNotAllowed)
        }
    }

    @Test func theServerTimingHeaderHasTwoDecimalsOfMilliseconds() {
        #expect(ServerTimingMiddleware.milliseconds(.zero) == "0.00")
        #expect(ServerTimingMiddleware.milliseconds(.microseconds(1_234)) == "1.23")
        #expect(ServerTimingMiddleware.milliseconds(.microseconds(1_235)) == "1.24")
        #expect(ServerTimingMiddleware.milliseconds(.microseconds(50)) == "0.05")
        #expect(ServerTimingMiddleware.milliseconds(.seconds(2) + .microseconds(7_100)) == "2007.10")
    }

    @Test func aJSONBodyIsReadWhateverTheCaseAndParametersOfItsContentType() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", Money(cents: 0))])
            let kai = family.children[0]
            let body = #"{"childId":"\#(kai.id)","amount":1.25,"type":"Credit","description":"Chores"}"#
            // act
            var statuses: [UInt] = []
            for type in ["application/json; charset=utf-8", "Application/JSON", "application/json ;charset=UTF-8"] {
                let response = try await client.send(
                    .POST, "/api/v1/transactions", token: family.parent.token, body: body, headers: [("Content-Type", type)])
                statuses.append(response.status.code)
            }
            // assert
            #expect(statuses == [201, 201, 201])
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 3_75))
        }
    }

    @Test func aBodyThatIsNotJSONIsRefusedAndChangesNothing() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", Money(cents: 10_00))])
            let kai = family.children[0]
            let body = #"{"childId":"\#(kai.id)","amount":1.25,"type":"Credit","description":"Chores"}"#
            // act
            let text = try await client.send(
                .POST, "/api/v1/transactions", token: family.parent.token, body: body, headers: [("Content-Type", "text/plain")])
            let xml = try await client.send(
                .POST, "/api/v1/transactions", token: family.parent.token, body: body, headers: [("Content-Type", "application/xml")])
            let lookalike = try await client.send(
                .POST, "/api/v1/transactions", token: family.parent.token, body: body,
                headers: [("Content-Type", "application/jsonx")])
            let empty = try await client.send(
                .POST, "/api/v1/transactions", token: family.parent.token, headers: [("Content-Type", "application/json")])
            // assert
            // Plain text goes to Vapor's plain-text decoder, which cannot make an object of it.
            #expect(text.status == .badRequest)
            #expect(text.error?.message == "The request body must be a JSON object")
            #expect(xml.status == .unsupportedMediaType)
            #expect(xml.error?.message == "Send the body as JSON (Content-Type: application/json)")
            #expect(lookalike.status == .unsupportedMediaType)
            #expect(empty.status == .badRequest)
            #expect(empty.error?.message == "The request body is empty; send a JSON object")
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 10_00))
        }
    }
}
