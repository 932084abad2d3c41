import AllowanceAPI
import Foundation
import Testing
import Vapor

@testable import AllowanceServer

/// A method an address does not take is 405 with `Allow`, not 404: the address is right.
@Suite struct MethodNotAllowedTests {
    @Test func anAPIPathAnswers405WithItsMethodsAndAJSONError() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0].id
            // act
            let response = try await client.send(.POST, "/api/v1/children/\(kai)", token: family.parent.token)
            let anonymous = try await client.send(.PATCH, "/api/v1/transactions")
            // assert
            #expect(response.status == .methodNotAllowed)
            #expect(response.headers.first(name: "Allow") == "GET, HEAD, PUT, DELETE")
            #expect(response.error?.code == "method_not_allowed")
            #expect(response.error?.message.contains("GET, HEAD, PUT, DELETE") == true)
            #expect(anonymous.status == .methodNotAllowed)
            #expect(anonymous.headers.first(name: "Allow") == "POST")
            #expect(anonymous.headers.contentType == .json)
            #expect(try await client.balance(of: family.children[0], in: family) == Money(cents: 20_00))
        }
    }

    @Test func everyDeclaredPathAnswersUndeclaredMethodsWith405() async throws {
        try await withApp { client in
            var methods: [String: Set<String>] = [:]
            for endpoint in APIEndpoints.all { methods[endpoint.path, default: []].insert(endpoint.method.rawValue) }
            for (path, declared) in methods {
                let concrete = path.replacingOccurrences(of: #"\{[^}]+\}"#, with: UUID().uuidString, options: .regularExpression)
                for method in [HTTPMethod.GET, .POST, .PUT, .PATCH, .DELETE] where !declared.contains(method.rawValue) {
                    let response = try await client.send(method, concrete)
                    #expect(response.status == .methodNotAllowed, "\(method) \(path) answered \(response.status.code)")
                    let allowed = Set((response.headers.first(name: "Allow") ?? "").split(separator: ", ").map(String.init))
                    let expected = declared.contains("GET") ? declared.union(["HEAD"]) : declared
                    #expect(allowed == expected, "\(method) \(path): Allow \(allowed.sorted())")
                }
            }
        }
    }

    @Test func aWebPathAnswers405WithAPageAndAnUnknownPathIsStill404() async throws {
        try await withApp { client in
            let page = try await client.send(.DELETE, "/login")
            #expect(page.status == .methodNotAllowed)
            #expect(page.headers.first(name: "Allow") == "GET, HEAD, POST")
            #expect(page.headers.contentType?.subType == "html")
            let unknown = try await client.send(.GET, "/api/v1/no-such-thing")
            #expect(unknown.status == .notFound)
            #expect(unknown.headers.first(name: "Allow") == nil)
        }
    }
}
