import Foundation
import Testing
import Vapor

@testable import AllowanceServer

/// Addresses are spelled once: templates name them, the README lists what the API declares.
@Suite struct RoutingTests {
    /// Every `#url("name", ids...)` in a template names an address that exists, and its path
    /// holds no character HTML would escape (`URLTag` writes it unescaped).
    @Test func everyTemplateLinkNamesAnAddress() throws {
        let views = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources/Views")
        let files = try FileManager.default.contentsOfDirectory(atPath: views.path).filter { $0.hasSuffix(".leaf") }
        let pattern = try Regex(#"#url\("([^"]+)"((?:, [\w.]+)*)\)"#)
        var seen = 0
        for file in files {
            let text = try String(contentsOf: views.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: pattern) {
                let name = String(match.output[1].substring ?? "")
                let arguments = (match.output[2].substring ?? "").split(separator: ",").count
                let url = SiteURL(name: name, ids: (0..<arguments).map { _ in UUID() })
                #expect(url != nil, "\(file): #url(\"\(name)\") with \(arguments) ids names no address")
                #expect(url?.path.contains { "&<>\"'".contains($0) } == false, "\(file): #url(\"\(name)\") needs escaping")
                seen += 1
            }
            #expect(!text.contains("href=\"/children") && !text.contains("action=\"/"), "\(file) spells a path instead of naming it")
        }
        #expect(seen > 50)
    }

    /// A path built for a link is the pattern its handler is registered under.
    @Test func linksAndRoutesAgree() {
        let id = UUID()
        #expect(SiteURL.goalAction(.value(id), .matchingOff).path == "/goals/\(id.uuidString)/matching-off")
        #expect(SiteURL.goalAction(.key, .matchingOff).path == "/goals/:goalId/matching-off")
        #expect(SiteURL.childAction(.value(id), .pauseAllowance).path == "/children/\(id.uuidString)/allowance/pause")
        #expect(SiteURL.home.path == "/")
        #expect(SiteURL(name: "child.quick-subtract", ids: [id]) == .childAction(.value(id), .quickSubtract))
        #expect(SiteURL(name: "goal.nothing", ids: [id]) == nil)
        #expect(SiteURL(name: "child", ids: []) == nil)
    }

    /// The README's API section lists every route that takes an `Idempotency-Key`.
    @Test func readmeListsEveryIdempotentRoute() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let idempotent = APIEndpoints.all.filter(\.idempotent)
        #expect(idempotent.count >= 7)
        for endpoint in idempotent {
            let last = endpoint.path.split(separator: "/").suffix(2).joined(separator: "/")
                .replacingOccurrences(of: "{recurringTransactionId}", with: "{id}").replacingOccurrences(of: "{occurrenceId}", with: "{id}")
                .replacingOccurrences(of: "{templateId}", with: "{id}").replacingOccurrences(of: "{goalId}", with: "{id}")
            let named = text.contains(last) || text.contains("/" + (endpoint.path.split(separator: "/").last ?? ""))
            #expect(named, "README does not list \(endpoint.method) \(endpoint.path) as taking Idempotency-Key")
        }
    }
}
