import Foundation
import Testing
import Vapor

@testable import AllowanceServer

@Suite struct OpenAPITests {
    /// The document and the router list the same `/api/v1` operations.
    @Test func documentMatchesRegisteredRoutes() async throws {
        try await withApp { client in
            let response = try await client.send(.GET, "/openapi.json")
            #expect(response.status == .ok)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
            let paths = try #require(document["paths"] as? [String: [String: Any]])
            let documented = Set(paths.flatMap { path, operations in operations.keys.map { "\($0.uppercased()) \(path)" } })
            let registered = Set(
                client.app.routes.all.compactMap { route -> String? in
                    let path =
                        "/"
                        + route.path.map { component -> String in
                            if case .parameter(let name) = component { return "{\(name)}" }
                            return component.description
                        }.joined(separator: "/")
                    return path.hasPrefix("/api/v1/") ? "\(route.method.rawValue) \(path)" : nil
                })
            #expect(
                registered.subtracting(documented).isEmpty,
                "routes missing from /openapi.json: \(registered.subtracting(documented).sorted())")
            #expect(documented.subtracting(registered).isEmpty, "documented but not served: \(documented.subtracting(registered).sorted())")
            let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
            #expect(schemas["TransactionResponse"] != nil)
            #expect(schemas["CreateTransactionRequest"] != nil)
        }
    }
}

@Suite struct OpenAPIRepeatTests {
    /// Every request gets a fresh response: headers do not pile up across requests.
    @Test func repeatedRequestsGetCleanResponses() async throws {
        try await withApp { client in
            var lengths: Set<Int> = []
            for _ in 0..<5 {
                let response = try await client.send(.GET, "/openapi.json")
                #expect(response.status == .ok)
                #expect(response.headers["content-type"].count == 1)
                lengths.insert(response.body.readableBytes)
            }
            #expect(lengths.count == 1)
        }
    }
}
