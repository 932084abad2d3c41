import Fluent
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Testing
import Vapor

@testable import AllowanceServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct ShutdownTests {
    /// A real server on a free port, with `GET /slow`: it reads the database half a second in,
    /// answers "families: N" and keeps that answer in `finished` (seen even with no client left).
    struct SlowServer {
        let app: Application
        let port: Int
        let path: String
        let started: AsyncStream<Void>
        let finished: NIOLockedValueBox<String?>

        static func start() async throws -> SlowServer {
            let app = try await Application.make(.testing)
            app.logger.logLevel = .critical
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("allowance-shutdown-\(UUID().uuidString).sqlite").path
            try await configure(app, options: ServerOptions(database: .sqlite(path: path), seedDemoFamily: false, passwordCost: 4))
            let (started, begin) = AsyncStream<Void>.makeStream()
            let finished = NIOLockedValueBox<String?>(nil)
            app.get("slow") { req async throws -> String in
                begin.yield()
                try await Task.sleep(for: .milliseconds(500))
                let answer = "families: \(try await Family.query(on: req.db).count())"
                finished.withLockedValue { $0 = answer }
                return answer
            }
            try await app.server.start(address: .hostname("127.0.0.1", port: 0))
            let port = try #require(app.http.server.shared.localAddress?.port)
            return SlowServer(app: app, port: port, path: path, started: started, finished: finished)
        }

        /// Waits until the route has begun.
        func begun() async {
            var starts = started.makeAsyncIterator()
            _ = await starts.next()
        }

        func removeFiles() {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
    }

    /// A request still running when the server is told to stop finishes and is answered: the
    /// server closes before the databases do. (It used to find its database closed, and the
    /// process crashed on `req.db`.)
    @Test func aRequestInFlightAtShutdownIsAnswered() async throws {
        // setup: a real server on a free port, with a route that reads the database half a second in
        let server = try await SlowServer.start()
        defer { server.removeFiles() }
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/slow"))
        let answer = Task { try await URLSession.shared.data(from: url) }
        await server.begun()
        // act
        try await server.app.asyncShutdown()
        // assert
        let (body, response) = try await answer.value
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: body, as: UTF8.self) == "families: 0")
    }

    /// A request whose client hung up before shutdown still runs to its end with the databases
    /// open: no connection is left for the server to wait on, so shutdown waits for the handler.
    /// (It used to close the databases under it, and the process crashed on `req.db`.)
    @Test func aRequestWhoseClientHungUpFinishesBeforeTheDatabasesClose() async throws {
        // setup: the same server
        let server = try await SlowServer.start()
        defer { server.removeFiles() }
        let client = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connect(host: "127.0.0.1", port: server.port)
            .get()
        try await client.writeAndFlush(ByteBuffer(string: "GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")).get()
        await server.begun()
        // act: the client hangs up, then the server is told to stop
        try await client.close().get()
        try await server.app.asyncShutdown()
        // assert
        #expect(server.finished.withLockedValue { $0 } == "families: 0")
    }
}
