import AllowanceAPI
import AllowanceCore
import Foundation
import Testing
import Vapor
import VaporTesting

@testable import AllowanceServer

/// `GET /metrics` (issue 12): off unless asked for; requests by route pattern and status, job
/// runs, ledger postings and write waits, each server counting only its own.
@Suite struct MetricsTests {
    typealias Name = ServerMetrics.Name

    @Test func withoutTheOptionThereIsNoMetricsAddress() async throws {
        try await withApp { client in
            // act
            let response = try await client.send(.GET, "/metrics")
            // assert
            #expect(response.status == .notFound)
            #expect(response.error?.code == "not_found")
            #expect(client.app.metrics == nil)
            #expect(!client.app.routes.all.contains { $0.path == ["metrics"] })
        }
    }

    @Test func requestsAreCountedAndTimedByRoutePatternAndStatus() async throws {
        try await withApp(metrics: true) { client in
            // setup
            let family = try await client.family(children: [("Kai", Money(cents: 5_00))])
            let kai = family.children[0]
            let stranger = UUID()
            // act
            for _ in 0..<2 { try await client.send(.GET, "/api/v1/children/\(kai.id)/transactions", token: family.parent.token) }
            let refused = try await client.send(.GET, "/api/v1/children/\(stranger)/transactions", token: family.parent.token)
            try await client.send(.GET, "/no-such-page/\(stranger)")
            try await client.send(.GET, "/another/missing/page")
            let scrape = try await client.send(.GET, "/metrics")
            // assert
            #expect(scrape.headers.first(name: .contentType) == "text/plain; version=0.0.4; charset=utf-8")
            let metrics = Exposition(text: scrape.body.string)
            let list = ["method": "GET", "route": "/api/v1/children/:childId/transactions", "status": "200"]
            #expect(metrics.value(Name.requests, list) == 2)
            #expect(metrics.value(Name.requestDuration + "_count", list) == 2)
            #expect(metrics.value(Name.requestDuration + "_bucket", list.merging(["le": "+Inf"]) { $1 }) == 2)
            #expect((metrics.value(Name.requestDuration + "_sum", list) ?? 0) > 0)
            #expect(refused.status.code >= 400)
            #expect(metrics.value(Name.requests, list.merging(["status": String(refused.status.code)]) { $1 }) == 1)
            // Every unknown address is one series, and no id a caller sent becomes a label.
            #expect(metrics.value(Name.requests, ["method": "GET", "route": "unmatched", "status": "404"]) == 2)
            for id in [kai.id, stranger] {
                #expect(!metrics.text.localizedCaseInsensitiveContains(id.uuidString))
            }
        }
    }

    @Test func ledgerPostingsMoveByExactlyThePostingsMade() async throws {
        try await withApp(metrics: true) { client in
            // setup
            let family = try await client.family(children: [("Kai", Money(cents: 5_00))])
            let kai = family.children[0]
            let before = try await client.scrape()
            // act
            for (type, cents) in [(TransactionType.credit, Int64(2_00)), (.credit, 3_00), (.debit, 1_00)] {
                #expect(try await client.post(type, cents, to: kai, in: family).status == .created)
            }
            let overdraft = try await client.post(.debit, 100_00, to: kai, in: family)
            let after = try await client.scrape()
            // assert
            #expect(overdraft.status == .unprocessableEntity)
            func moved(_ type: TransactionType) -> Double? {
                let labels = ["type": type.rawValue]
                guard let from = before.value(Name.postings, labels), let to = after.value(Name.postings, labels) else { return nil }
                return to - from
            }
            #expect(moved(.credit) == 2)
            #expect(moved(.debit) == 1)
        }
    }

    @Test func jobRunsAreCountedAndTimedPerJob() async throws {
        try await withApp(metrics: true) { client in
            // setup
            struct Broken: Error {}
            client.app.jobs.register(ScheduledJob(name: "broken") { _ in throw Broken() })
            client.app.logger.logLevel = .critical  // the broken job's error is expected
            let family = try await client.family(children: [("Kai", Money(cents: 1_00))])
            let before = try await client.scrape()
            // act: Kai's first Saturday payday
            client.now.value = utc("2026-11-28T06:00:00Z")
            let results = await JobRunner.runAll(client.app.context(now: client.now.value, familyScope: family.parent.familyId))
            let metrics = try await client.scrape()
            // assert
            #expect(results.first { $0.name == "payday" }?.handled == 1)
            for result in results {
                let outcome = result.name == "broken" ? "failed" : "ok"
                #expect(metrics.value(Name.jobRuns, ["job": result.name, "outcome": outcome]) == 1, "\(result.name)")
                #expect(metrics.value(Name.jobDuration + "_count", ["job": result.name]) == 1, "\(result.name)")
                #expect(metrics.value(Name.jobHandled, ["job": result.name]) == Double(result.handled), "\(result.name)")
            }
            let credits = ["type": TransactionType.credit.rawValue]
            #expect(metrics.value(Name.postings, credits)! - before.value(Name.postings, credits)! == 1)
        }
    }

    /// Each write records how long it waited for its turn: three money moves, three waits.
    @Test func everyWriteRecordsItsWaitForATurn() async throws {
        try await withApp(metrics: true) { client in
            // setup
            let family = try await client.family(children: [("Kai", Money(cents: 10_00))])
            let before = try await client.scrape()
            // act
            for _ in 0..<3 { try await client.post(.credit, 1_00, to: family.children[0], in: family) }
            let after = try await client.scrape()
            // assert
            let count = (after.value(Name.writeWait + "_count") ?? 0) - (before.value(Name.writeWait + "_count") ?? 0)
            #expect(count == 3)
        }
    }

    @Test func twoServersInOneProcessCountApart() async throws {
        try await withApp(metrics: true) { first in
            try await withApp(metrics: true) { second in
                // act
                for _ in 0..<3 { try await first.send(.GET, "/health") }
                try await second.send(.GET, "/health")
                // assert
                let health = ["method": "GET", "route": "/health", "status": "200"]
                #expect(try await first.scrape().value(Name.requests, health) == 3)
                #expect(try await second.scrape().value(Name.requests, health) == 1)
            }
        }
    }
}
