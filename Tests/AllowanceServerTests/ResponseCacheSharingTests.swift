import AllowanceAPI
import AllowanceCore
import Foundation
import NIOCore
import Testing
import Vapor

@testable import AllowanceServer

/// An answer being made is handed to the requests that ask for it meanwhile, when they read the
/// same numbers, and to no others.
@Suite struct ResponseCacheSharingTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func answer(_ text: String, at version: ResponseCache.Version, validFor seconds: TimeInterval = 60) -> ResponseCache.Answer {
        .init(
            version: version, made: now, validUntil: now + seconds, headers: [:], body: ByteBuffer(string: text))
    }

    @Test func aReadAskedForWhileItIsMadeWaitsForIt() async throws {
        let cache = ResponseCache(budget: 1 << 20)
        let numbers = ResponseCache.Numbers(family: 7, child: nil)
        guard case .make(let making) = cache.lookUp("page", at: numbers, now: now) else {
            Issue.record("the first request makes the answer")
            return
        }
        guard case .wait(let shared) = cache.lookUp("page", at: numbers, now: now + 0.01) else {
            Issue.record("the second waits for it")
            return
        }
        #expect(shared === making)
        let waiting = Task { await shared.answer }
        cache.finish(making, for: "page", with: answer("made once", at: .family(7)))
        let handed = try #require(await waiting.value)
        #expect(String(buffer: handed.body) == "made once")
        #expect(ResponseCache.serves(handed, at: numbers, now: now + 0.01))
        // Once made, it is kept, and asked for again it is served.
        guard case .kept(let kept) = cache.lookUp("page", at: numbers, now: now + 1) else {
            Issue.record("kept once made")
            return
        }
        #expect(String(buffer: kept.body) == "made once")
        // A request that comes after it has been handed out gets it too.
        #expect(try #require(await shared.answer).body == handed.body)
    }

    @Test func aReadThatSawANewerNumberMakesItsOwn() async throws {
        let cache = ResponseCache(budget: 1 << 20)
        guard case .make(let making) = cache.lookUp("page", at: .init(family: 7, child: nil), now: now) else {
            Issue.record("the first request makes the answer")
            return
        }
        // A write finished between the two lookups: the answer being made may not show it.
        guard case .make(let own) = cache.lookUp("page", at: .init(family: 8, child: nil), now: now) else {
            Issue.record("a request at a newer number makes its own")
            return
        }
        #expect(own !== making)
        // A child's read, at the same family number but with the child's own numbers, too.
        let child = ResponseCache.Numbers(family: 7, child: (shared: 3, own: 4))
        guard case .make = cache.lookUp("page", at: child, now: now) else {
            Issue.record("other numbers, other answer")
            return
        }
        // Another URL or session never waits for this one.
        guard case .make = cache.lookUp("other page", at: .init(family: 7, child: nil), now: now) else {
            Issue.record("another key makes its own")
            return
        }
    }

    @Test func anAnswerThatIsNotKeptLeavesTheWaitingToMakeTheirOwn() async throws {
        let cache = ResponseCache(budget: 1 << 20)
        let numbers = ResponseCache.Numbers(family: 7, child: nil)
        guard case .make(let making) = cache.lookUp("page", at: numbers, now: now),
            case .wait(let shared) = cache.lookUp("page", at: numbers, now: now)
        else {
            Issue.record("one makes, one waits")
            return
        }
        // The request making it failed, or its answer was not a 200.
        cache.finish(making, for: "page", with: nil)
        #expect(await shared.answer == nil)
        // The next request makes it afresh, and nothing waits on the old making.
        guard case .make(let next) = cache.lookUp("page", at: numbers, now: now) else {
            Issue.record("made again")
            return
        }
        #expect(next !== making)
    }

    @Test func anAnswerPastItsTimeDoesNotServeTheWaiting() async throws {
        let cache = ResponseCache(budget: 1 << 20)
        let numbers = ResponseCache.Numbers(family: 7, child: nil)
        guard case .make(let making) = cache.lookUp("page", at: numbers, now: now) else {
            Issue.record("the first request makes the answer")
            return
        }
        // Made to hold until a deadline a second away, and the waiting request came after it.
        let made = answer("before the deadline", at: .family(7), validFor: 1)
        cache.finish(making, for: "page", with: made)
        #expect(!ResponseCache.serves(made, at: numbers, now: now + 2))
        #expect(ResponseCache.serves(made, at: numbers, now: now + 0.5))
        #expect(!ResponseCache.serves(made, at: .init(family: 8, child: nil), now: now + 0.5))
    }

    /// Many reads of one page at once, right after a write: every one of them shows the write,
    /// whether it made the page, waited for another's, or was served a kept one.
    @Test func readsAtOnceAfterAWriteAllShowIt() async throws {
        try await withApp(metrics: true) { client in
            let family = try await client.family(children: [("Kai", Money(cents: 10_000))])
            let kai = family.children[0]
            _ = try await client.send(.GET, "/api/v1/dashboard/child", token: kai.token)
            #expect(try await client.post(.debit, 2_550, to: kai, in: family, description: "Book").status == .created)
            let balances = try await withThrowingTaskGroup(of: Money.self) { group in
                for _ in 0..<16 {
                    group.addTask {
                        let dashboard: ChildDashboard = try await client.call(.GET, "/api/v1/dashboard/child", token: kai.token)
                        return dashboard.currentBalance
                    }
                }
                return try await group.reduce(into: [Money]()) { $0.append($1) }
            }
            #expect(balances == Array(repeating: Money(cents: 7_450), count: 16))
            let scrape = try await client.scrape()
            let outcomes = try ServerMetrics.CacheOutcome.allCases.map {
                try #require(scrape.value(ServerMetrics.Name.cacheLookups, ["outcome": $0.rawValue]))
            }
            // The first read, and the sixteen.
            #expect(outcomes.reduce(0, +) == 17)
        }
    }
}
