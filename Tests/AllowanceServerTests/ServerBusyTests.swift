import Foundation
import Testing
import Vapor

@testable import AllowanceServer

/// A request that waited out its turn for a pooled database connection (`postgresPoolTimeout`)
/// is answered 503 with `Retry-After`, as the API's JSON or a page for a person, never as a
/// fault of the server's (500).
@Suite struct ServerBusyTests {
    @Test func aRequestThatWaitedOutItsTurnForTheDatabaseIsToldToComeBack() async throws {
        try await withApp { client in
            // The pool's own error, thrown where a handler would have waited for a connection.
            client.app.get("api", "v1", "busy-probe") { _ -> String in throw ConnectionPoolTimeoutError.connectionRequestTimeout }
            client.app.get("busy-probe") { _ -> String in throw ConnectionPoolTimeoutError.connectionRequestTimeout }

            let api = try await client.send(.GET, "/api/v1/busy-probe")
            #expect(api.status == .serviceUnavailable)
            #expect(api.headers.first(name: "Retry-After") == "1")
            #expect(api.error?.code == "server_busy")
            #expect(api.error?.message == "The server is busy; try again in a moment")

            let page = try await client.send(.GET, "/busy-probe")
            #expect(page.status == .serviceUnavailable)
            #expect(page.headers.first(name: "Retry-After") == "1")
            #expect(page.headers.contentType?.subType == "html")
            #expect(page.body.string.contains("The server is busy; try again in a moment"))
        }
    }
}
