import Foundation
import NIOConcurrencyHelpers
import Testing
import Vapor
import VaporTesting

@testable import AllowanceServer

/// A route's middleware runs as `grouped` would run it (in order, in and back out, able to
/// answer instead of the handler), in one task with the handler, and on PostgreSQL's servers
/// on the request's event loop.
@Suite struct InlineMiddlewareTests {
    /// Notes each step: its name on the way in, and on the way out.
    private final class Steps: Sendable {
        private let steps = NIOLockedValueBox<[String]>([])
        private let tasks = NIOLockedValueBox<Set<Int>>([])

        var all: [String] { steps.withLockedValue { $0 } }
        /// How many tasks the steps ran in.
        var taskCount: Int { tasks.withLockedValue { $0.count } }

        func note(_ step: String) {
            steps.withLockedValue { $0.append(step) }
            let task = withUnsafeCurrentTask { $0?.hashValue } ?? 0
            tasks.withLockedValue { _ = $0.insert(task) }
        }
    }

    private struct Note: AsyncMiddleware {
        let name: String
        let steps: Steps

        func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
            steps.note("\(name) in")
            let response = try await next.respond(to: request)
            steps.note("\(name) out")
            return response
        }
    }

    /// Answers a request that asks it to, without asking the rest.
    private struct Refuse: AsyncMiddleware {
        func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
            guard request.headers.first(name: "X-Refuse") == nil else { return Response(status: .forbidden) }
            return try await next.respond(to: request)
        }
    }

    private func withPlainApp(_ body: (Application) async throws -> Void) async throws {
        let app = try await Application.make(.testing)
        do {
            try await body(app)
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }

    @Test func aGroupInsideAnotherRunsOutermostFirstThenBackOutInOneTask() async throws {
        try await withPlainApp { app in
            // setup
            let steps = Steps()
            let outer = app.inline(Note(name: "a", steps: steps), Note(name: "b", steps: steps))
            let inner = outer.inline(Refuse(), Note(name: "c", steps: steps))
            inner.get("inside") { _ async in
                steps.note("handler")
                return "answered"
            }
            // act
            let response = try await app.testing().sendRequest(.GET, "/inside")
            // assert
            #expect(response.status == .ok)
            #expect(response.body.string == "answered")
            #expect(steps.all == ["a in", "b in", "c in", "handler", "c out", "b out", "a out"])
            #expect(steps.taskCount == 1)
        }
    }

    @Test func aMiddlewareThatAnswersItselfSkipsTheRest() async throws {
        try await withPlainApp { app in
            // setup
            let steps = Steps()
            app.inline(Note(name: "a", steps: steps), Refuse(), Note(name: "b", steps: steps)).get("refused") { _ async in
                steps.note("handler")
                return "answered"
            }
            // act
            let response = try await app.testing().sendRequest(.GET, "/refused", headers: ["X-Refuse": "yes"])
            // assert
            #expect(response.status == .forbidden)
            #expect(steps.all == ["a in", "a out"])
        }
    }

    @Test func withTheLoopsExecutorsAHandlerGoesOnOnItsRequestsEventLoopAfterAnAnswerFromElsewhere() async throws {
        // An answer arriving on another thread, as a statement's answer on another loop's connection.
        let elsewhere = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        try await withPlainApp { app in
            // setup: the executors are set on PostgreSQL's servers.
            app.eventLoopExecutors = EventLoopExecutors(group: app.eventLoopGroup)
            app.inline(Refuse()).get("where") { req async throws in
                try await elsewhere.any().submit {}.get()
                return req.eventLoop.inEventLoop ? "its loop" : "elsewhere"
            }
            for _ in 0..<20 {
                // act
                let response = try await app.testing().sendRequest(.GET, "/where")
                // assert
                #expect(response.body.string == "its loop")
            }
        }
        try await elsewhere.shutdownGracefully()
    }

    @Test func theServerOnPostgreSQLRunsItsRequestsOnTheirLoopsAndOnSQLiteDoesNot() async throws {
        try await withApp { client in
            #expect((client.app.eventLoopExecutors != nil) == (testPostgresURL != nil))
        }
    }
}
