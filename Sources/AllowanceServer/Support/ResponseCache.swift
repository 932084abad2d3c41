import NIOConcurrencyHelpers
import Vapor

/// Answers to signed-in reads, kept so that asking again answers without reading the
/// database again. An answer is served only to the same session, for the same URL and
/// headers, while its family's `data_version` (read with the session, on every request) is
/// still the one it was made at (for a read of one child, which is every read a child's own
/// login makes: while the child's number and the family's shared one are,
/// `AddChildDataVersion`), and until the clock reaches the next whole minute or the
/// next of the family's deadlines (`FamilyDeadlines`), whichever is first. So it is never
/// older than a finished write, on this server or any other on the same database
/// (`AddFamilyDataVersion`), never shows a deadline as still ahead once it has passed, and
/// never outlives a sign-out: the session is checked before the cache is asked.
final class ResponseCache: Sendable {
    /// The numbers an answer was made at.
    enum Version: Equatable, Sendable {
        /// `families.data_version`: any change in the family ends the answer.
        case family(Int64)
        /// `families.shared_version` and the child's `child_data_versions.version`.
        case child(shared: Int64, own: Int64)

        /// Whether `self` is no newer than `other`: a kept answer made later is not replaced.
        func isAtMost(_ other: Version) -> Bool {
            switch (self, other) {
            case (.family(let a), .family(let b)): a <= b
            case (.child(let shared, let own), .child(let otherShared, let otherOwn)): shared <= otherShared && own <= otherOwn
            default: true
            }
        }
    }

    struct Answer: Sendable {
        let version: Version
        /// When it was made, and when it stops being true even if nothing is written.
        let made: Date
        let validUntil: Date
        /// Only a 200 is kept.
        let headers: HTTPHeaders
        let body: ByteBuffer

        /// What it holds in memory, roughly: the body, and the key and headers beside it.
        var bytes: Int { body.readableBytes + 512 }
    }

    /// A family's next deadline after `from`, as read at `version`.
    private struct Deadline {
        let version: Int64
        let from: Date
        let next: Date?
    }

    private struct State {
        var answers: BudgetedStore<String, Answer>
        var deadlines: [UUID: Deadline] = [:]
    }

    /// The largest answer it keeps, in bytes: a sixteenth of its budget, so one large
    /// answer cannot push out most of the others.
    private let largest: Int
    private let state: NIOLockedValueBox<State>

    /// Keeps up to `budget` bytes of answers (`BudgetedStore`).
    init(budget: Int) {
        largest = budget / 16
        state = NIOLockedValueBox(State(answers: BudgetedStore(budget: budget)))
    }

    func answer(for key: String, version: Version, at now: Date) -> Answer? {
        state.withLockedValue { state in
            guard let answer = state.answers[key], answer.version == version, answer.made <= now, now < answer.validUntil else {
                return nil
            }
            return answer
        }
    }

    /// Until when an answer made now, at `version`, stays true with nothing written: the next
    /// whole minute, or the family's next deadline if that comes first. The deadline is read
    /// once per version of the family (and again once the clock has passed it).
    func validUntil(
        family: UUID, version: Int64, at now: Date, nextDeadline: @Sendable () async throws -> Date?
    ) async throws -> Date {
        let minute = Date(timeIntervalSince1970: ((now.timeIntervalSince1970 / 60).rounded(.down) + 1) * 60)
        let known = state.withLockedValue { state -> Deadline? in
            guard let kept = state.deadlines[family], kept.version == version, kept.from <= now,
                kept.next.map({ now < $0 }) ?? true
            else { return nil }
            return kept
        }
        let next: Date?
        if let known {
            next = known.next
        } else {
            next = try await nextDeadline()
            state.withLockedValue { state in
                // Families seen since start: a few dozen bytes each; forget them all now and then.
                if state.deadlines.count >= 100_000 { state.deadlines.removeAll() }
                state.deadlines[family] = Deadline(version: version, from: now, next: next)
            }
        }
        return min(minute, next ?? minute)
    }

    func keep(_ answer: Answer, for key: String) {
        guard answer.bytes <= largest else { return }
        state.withLockedValue { state in
            // A slower request made at an older version must not replace a newer answer.
            if let kept = state.answers[key], !kept.version.isAtMost(answer.version) { return }
            state.answers.keep(answer, bytes: answer.bytes, for: key)
        }
    }
}

/// Serves a signed-in GET from `ResponseCache` when it can, and keeps what it computes.
/// Goes after the sign-in check, so only a live session's reads are answered or kept.
struct CachedReadMiddleware: AsyncMiddleware {
    /// A cookie the answer is made from, which the request must already carry: a page's forms
    /// carry the CSRF token of the `at_csrf` cookie, and a request without one is given a new
    /// token that no kept page has.
    var requiredCookie: String?

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard request.method == .GET, let cache = request.application.responseCache, let user = request.auth.get(AuthUser.self),
            requiredCookie.map({ request.sentCookies[$0] != nil }) ?? true
        else { return try await next.respond(to: request) }
        let key = Self.key(for: request, session: user.sessionID)
        let now = request.now
        let version: ResponseCache.Version =
            user.childVersion.map { .child(shared: user.sharedVersion, own: $0.version) } ?? .family(user.dataVersion)
        let kept = cache.answer(for: key, version: version, at: now)
        request.application.metrics?.recordCacheLookup(hit: kept != nil)
        if let answer = kept {
            return Response(status: .ok, headers: answer.headers, body: .init(buffer: answer.body))
        }
        let response = try await next.respond(to: request)
        guard response.status == .ok, let body = response.body.buffer, !response.headers.contains(name: .setCookie) else {
            return response
        }
        // Read after the answer is made, so a refusal costs no query; data newer than the
        // version read first only matters to requests that will see a newer version anyway.
        let sql = request.db.sql
        let validUntil = try await cache.validUntil(family: user.familyID, version: user.dataVersion, at: now) {
            try await FamilyDeadlines.next(after: now, family: user.familyID, on: sql)
        }
        cache.keep(.init(version: version, made: now, validUntil: validUntil, headers: response.headers, body: body), for: key)
        return response
    }

    /// The session, the URL and every header but the request's id: an answer may depend on
    /// any of them (the `Accept` type, an htmx partial, a cookie).
    static func key(for request: Request, session: UUID) -> String {
        var key = session.uuidString
        key += request.urlPathAndQuery
        for (name, value) in request.headers where name.lowercased() != "x-request-id" {
            key += "\n\(name):\(value)"
        }
        return key
    }
}

extension Application {
    private struct ResponseCacheKey: StorageKey { typealias Value = ResponseCache }

    /// Set in `configure` unless `RESPONSE_CACHE=0`.
    var responseCache: ResponseCache? {
        get { storage[ResponseCacheKey.self] }
        set { storage[ResponseCacheKey.self] = newValue }
    }
}
