import AllowanceAPI
import AllowanceCore
import Foundation
import Testing
import Vapor
import VaporTesting

@testable import AllowanceServer

/// Every request has an id: the caller's `X-Request-Id` when it is safe, a new one otherwise,
/// sent back on the response and carried by every log line written for the request.
@Suite struct RequestIDTests {
    @Test func aSentIdIsKeptAndSentBackErrorsToo() async throws {
        try await withApp { client in
            for path in ["/health", "/api/v1/children", "/no-such-page"] {
                // act
                let response = try await client.send(.GET, path, headers: [("X-Request-Id", "edge-7f3a:42/b+c=")])
                // assert
                #expect(response.headers[.xRequestId] == ["edge-7f3a:42/b+c="], "\(path)")
            }
        }
    }

    @Test func withoutOneEachRequestGetsANewId() async throws {
        try await withApp { client in
            // act
            var ids: [String] = []
            for _ in 0..<5 { ids += try await client.send(.GET, "/health").headers[.xRequestId] }
            // assert
            #expect(ids.count == 5)
            #expect(Set(ids).count == 5)
            #expect(ids.allSatisfy { UUID(uuidString: $0) != nil })
        }
    }

    @Test func anUnsafeIdIsReplacedByANewOne() async throws {
        try await withApp { client in
            let longest = String(repeating: "a", count: RequestIDMiddleware.maxLength)
            #expect(try await client.send(.GET, "/health", headers: [("X-Request-Id", longest)]).headers[.xRequestId] == [longest])
            for bad in ["", "has space", longest + "a", "forged\nline", "quote\"d", "caf\u{e9}", "semi;colon"] {
                // act
                let response = try await client.send(.GET, "/health", headers: [("X-Request-Id", bad)])
                // assert
                let sent = response.headers[.xRequestId]
                #expect(sent.count == 1 && sent.first.flatMap(UUID.init(uuidString:)) != nil, "\(bad.debugDescription) → \(sent)")
            }
        }
    }

    @Test func theIdIsOnTheLogLinesOfItsRequest() async throws {
        try await withApp { client in
            // setup: a handler that fails the way a bug does, logged by the error middleware
            struct Bug: Error {}
            client.app.get("test-bug") { _ -> String in throw Bug() }
            let capture = LogCapture()
            client.app.logger = capture.logger
            // act
            let sent = try await client.send(.GET, "/test-bug", headers: [("X-Request-Id", "trace-0042")])
            let generated = try await client.send(.GET, "/test-bug")
            // assert
            #expect(sent.status == .internalServerError && generated.status == .internalServerError)
            let newID = try #require(generated.headers.first(name: .xRequestId))
            for id in ["trace-0042", newID] {
                let lines = capture.lines.filter { $0.metadata["request-id"] == .string(id) }
                #expect(lines.contains { $0.level >= .warning && $0.message.contains("Bug") }, "\(id): \(capture.lines.map(\.message))")
            }
            #expect(capture.lines.allSatisfy { $0.metadata["request-id"] != nil })
        }
    }

    /// At debug level a request's statements are logged with its id, as SQLKit's drivers log
    /// them, including those run on the server's own read connections and, on SQLite, on the
    /// group commit's connection shared with other requests' writers: a posting's SQL, a
    /// sign-in's Fluent model write (its session) and a list's read.
    @Test func aRequestsStatementsAreLoggedAtDebugWithItsId() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            let capture = LogCapture()
            client.app.logger = capture.logger
            // act
            let posting = CreateTransactionRequest(childId: kai.id, amount: Money(cents: 5_00), type: .credit, description: "Logged")
            let posted = try await client.send(
                .POST, "/api/v1/transactions", token: family.parent.token, json: posting, headers: [("X-Request-Id", "post-1")])
            let listed = try await client.send(
                .GET, "/api/v1/children/\(kai.id)/transactions", token: family.parent.token, headers: [("X-Request-Id", "list-1")])
            let signIn = LoginRequest(email: kai.email, password: "secret1")
            let signedIn = try await client.send(.POST, "/api/v1/auth/login", json: signIn, headers: [("X-Request-Id", "login-1")])
            // assert
            #expect(posted.status == .created && listed.status == .ok && signedIn.status == .ok)
            func statements(of id: String) -> [String] {
                capture.lines.filter { $0.level == .debug && $0.metadata["request-id"] == .string(id) }.compactMap {
                    if case .string(let sql) = $0.metadata["sql"] { return sql.uppercased() }
                    return nil
                }
            }
            #expect(statements(of: "post-1").contains { $0.contains("INSERT INTO TRANSACTIONS") })
            #expect(statements(of: "list-1").contains { $0.hasPrefix("SELECT") && $0.contains("TRANSACTIONS") })
            #expect(statements(of: "login-1").contains { $0.contains("INSERT INTO \"SESSIONS\"") })
        }
    }
}
