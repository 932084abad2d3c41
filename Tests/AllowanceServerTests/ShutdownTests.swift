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
    /// A request still running when the server is told to stop finishes and is answered: the
    /// server closes before the databases do. (It used to find its database closed, and the
    /// process crashed on `req.db`.)
    @Test func aRequestInFlightAtShutdownIsAnswered() async throws {
        // setup: a real server on a free port, with a route that reads the database half a second in
        let app = try await Application.make(.testing)
        app.logger.logLevel = .critical
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("allowance-shutdown-\(UUID().uuidString).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        try await configure(app, options: ServerOptions(database: .sqlite(path: path), seedDemoFamily: false, passwordCost: 4))
        let (started, begin) = AsyncStream<Void>.makeStream()
        app.get("slow") { req async throws -> String in
            begin.yield()
            try await Task.sleep(for: .milliseconds(500))
            return "families: \(try await Family.query(on: req.db).count())"
        }
        try await app.server.start(address: .hostname("127.0.0.1", port: 0))
        let port = try #require(app.http.server.shared.localAddress?.port)
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/slow"))
        let answer = Task { try await URLSession.shared.data(from: url) }
        var starts = started.makeAsyncIterator()
        _ = await starts.next()
        // act
        try await app.asyncShutdown()
        // assert
        let (body, response) = try await answer.value
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: body, as: UTF8.self) == "families: 0")
    }

    /// A request whose client hung up before shutdown still runs to its end with the databases
    /// open: no connection is left for the server to wait on, so shutdown waits for the handler.
    /// (It used to close the databases under it, and the process crashed on `req.db`.)
    @Test func aRequestWhoseClientHungUpFinishesBeforeTheDatabasesClose() async throws {
        // setup: a real server on a free port, with a route that reads the database half a second in
        let app = try await Application.make(.testing)
        app.logger.logLevel = .critical
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("allowance-shutdown-\(UUID().uuidString).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
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
        let client = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connect(host: "127.0.0.1", port: port).get()
        try await client.writeAndFlush(ByteBuffer(string: "GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")).get()
        var starts = started.makeAsyncIterator()
        _ = await starts.next()
        // act: the client hangs up, then the server is told to stop
        try await client.close().get()
        try await app.asyncShutdown()
        // assert
        #expect(finished.withLockedValue { $0 } == "families: 0")
    }
}
