import NIOConcurrencyHelpers
import Vapor

/// Answers to signed-in reads, kept so that asking again answers without reading the
/// database again. An answer is served only to the same session, for the same URL and
/// headers (or, for a read that is the same for every viewer of one child, to anyone who may
/// see that child, for the same URL: `CachedReadMiddleware.childKey`), while its family's
/// `data_version` (read with the session, on every request) is still the one it was made at
/// (for a read of one child, which is every read a child's own login makes: while the child's
/// number and the family's shared one are, `AddChildDataVersion`, unless it shows rows that
/// move only the family's number, `Making`), and until the clock reaches the next whole
/// minute or the next of the family's deadlines (`FamilyDeadlines`), whichever is first. So it
/// is never older than a finished write, on this server or any other on the same database
/// (`AddFamilyDataVersion`), never shows a deadline as still ahead once it has passed, and
/// never outlives a sign-out: the session is checked before the cache is asked.
final class ResponseCache: Sendable {
    /// The numbers an answer was made at.
    enum Version: Equatable, Sendable {
        /// `families.data_version`: any change in the family ends the answer.
        case family(Int64)
        /// `families.shared_version` and the child's `child_data_versions.version`.
        case child(shared: Int64, own: Int64)

        /// Whether an answer made at `self` still holds at the numbers the session lookup read.
        func holds(at numbers: Numbers) -> Bool {
            switch self {
            case .family(let version): version == numbers.family
            case .child(let shared, let own): numbers.child.map { $0.shared == shared && $0.own == own } ?? false
            }
        }

        /// Whether `self` is no newer than `other`: a kept answer made later is not replaced.
        func isAtMost(_ other: Version) -> Bool {
            switch (self, other) {
            case (.family(let a), .family(let b)): a <= b
            case (.child(let shared, let own), .child(let otherShared, let otherOwn)): shared <= otherShared && own <= otherOwn
            default: true
            }
        }
    }

    /// The numbers a request's session lookup read: the family's, and for a read of one child,
    /// the shared one and the child's.
    struct Numbers: Sendable {
        let family: Int64
        let child: (shared: Int64, own: Int64)?

        /// What an answer made now is kept at: the child's numbers for a read of one child,
        /// unless it showed rows that move only the family's (`Making`).
        func version(of making: Making) -> Version {
            guard let child, !making.showedFamilyRows else { return .family(family) }
            return .child(shared: child.shared, own: child.own)
        }

        func isSame(as other: Numbers) -> Bool {
            family == other.family && child?.shared == other.child?.shared && child?.own == other.child?.own
        }
    }

    /// What an answer being made has read, noted by the code that reads it: rows that move
    /// only the family's number (`MoveTemplateUsageOffTheSharedNumber`), which a read of one
    /// child's numbers would not see change. Set for the making of each answer
    /// (`CachedReadMiddleware`), as a task-local value, so the code that reads such rows notes it
    /// wherever it is called from, with no request passed down to it.
    final class Making: Sendable {
        @TaskLocal static var current: Making?

        private let familyRows = NIOLockedValueBox(false)

        var showedFamilyRows: Bool { familyRows.withLockedValue { $0 } }

        /// The answer shows rows that move only the family's number.
        static func noteFamilyRows() { current?.familyRows.withLockedValue { $0 = true } }
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
        /// The answers being made, by key, and the numbers their requests read.
        var making: [String: (numbers: Numbers, answer: Shared)] = [:]
    }

    /// What a read that asks for a kept answer does next.
    enum Lookup {
        /// Serve it.
        case kept(Answer)
        /// Make it, and hand it to `finish` (nil if it is not to be kept): requests asking for
        /// it meanwhile, at the same numbers, wait for it.
        case make(Shared)
        /// Wait for the request making it at the same numbers (`Shared.answer`), then check
        /// it as a kept answer (`serves`): nil, or an answer that does not serve, means make it.
        case wait(Shared)
    }

    /// An answer being made, handed to the requests that asked for it meanwhile. After a
    /// write, the first reads of a page used to make it once each: a fifth of PostgreSQL's
    /// fresh child pages in the mixed load were made while the same one was being made.
    final class Shared: Sendable {
        private enum Progress {
            case making(waiting: [CheckedContinuation<Answer?, Never>])
            case made(Answer?)
        }

        private let progress = NIOLockedValueBox(Progress.making(waiting: []))

        /// The answer once it is made (nil if it was not kept).
        var answer: Answer? {
            get async {
                await withCheckedContinuation { continuation in
                    let made = progress.withLockedValue { progress -> Answer?? in
                        switch progress {
                        case .making(let waiting):
                            progress = .making(waiting: waiting + [continuation])
                            return nil
                        case .made(let answer): return .some(answer)
                        }
                    }
                    if let made { continuation.resume(returning: made) }
                }
            }
        }

        fileprivate func finish(_ answer: Answer?) {
            let waiting = progress.withLockedValue { progress -> [CheckedContinuation<Answer?, Never>] in
                guard case .making(let waiting) = progress else { return [] }
                progress = .made(answer)
                return waiting
            }
            for continuation in waiting { continuation.resume(returning: answer) }
        }
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

    /// The kept answer for `key` if it serves a request that read `numbers` at `now`; else the
    /// answer being made for a request that read the same numbers, to wait for; else the
    /// caller makes it. Waiting gives no older answer than making: the request making it read
    /// the same numbers, so nothing was written in between that the answer could miss.
    func lookUp(_ key: String, at numbers: Numbers, now: Date) -> Lookup {
        state.withLockedValue { state in
            if let answer = state.answers[key], Self.serves(answer, at: numbers, now: now) { return .kept(answer) }
            if let making = state.making[key], making.numbers.isSame(as: numbers) { return .wait(making.answer) }
            let shared = Shared()
            state.making[key] = (numbers, shared)
            return .make(shared)
        }
    }

    /// Whether `answer` serves a request that read `numbers` at `now`.
    static func serves(_ answer: Answer, at numbers: Numbers, now: Date) -> Bool {
        answer.version.holds(at: numbers) && answer.made <= now && now < answer.validUntil
    }

    /// Ends the making of `shared`'s answer (`lookUp`'s `make`): kept, unless nil, and handed to
    /// the requests waiting for it.
    func finish(_ shared: Shared, for key: String, with answer: Answer?) {
        if let answer { keep(answer, for: key) }
        state.withLockedValue { state in
            if state.making[key]?.answer === shared { state.making[key] = nil }
        }
        shared.finish(answer)
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

    private func keep(_ answer: Answer, for key: String) {
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
    /// The endpoint's answer is the same for everyone who may see the child its path names
    /// (`APIEndpoint.sameForEveryViewer`): kept once for that child, not once per session.
    var keptPerChild = false

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard request.method == .GET, let cache = request.application.responseCache, let user = request.auth.get(AuthUser.self),
            requiredCookie.map({ request.sentCookies[$0] != nil }) ?? true
        else { return try await next.respond(to: request) }
        let key = (keptPerChild ? Self.childKey(for: request, user: user) : nil) ?? Self.key(for: request, session: user.sessionID)
        let now = request.now
        let numbers = ResponseCache.Numbers(
            family: user.dataVersion, child: user.childVersion.map { (user.sharedVersion, $0.version) })
        let metrics = request.application.metrics
        switch cache.lookUp(key, at: numbers, now: now) {
        case .kept(let answer):
            metrics?.recordCacheLookup(.hit)
            return Self.response(answer)
        case .wait(let shared):
            if let answer = await shared.answer, ResponseCache.serves(answer, at: numbers, now: now) {
                metrics?.recordCacheLookup(.shared)
                return Self.response(answer)
            }
            metrics?.recordCacheLookup(.miss)
            return try await make(request, user: user, in: cache, numbers: numbers, now: now, chainingTo: next).response
        case .make(let shared):
            metrics?.recordCacheLookup(.miss)
            do {
                let (response, answer) = try await make(request, user: user, in: cache, numbers: numbers, now: now, chainingTo: next)
                cache.finish(shared, for: key, with: answer)
                return response
            } catch {
                cache.finish(shared, for: key, with: nil)
                throw error
            }
        }
    }

    static func response(_ answer: ResponseCache.Answer) -> Response {
        Response(status: .ok, headers: answer.headers, body: .init(buffer: answer.body))
    }

    /// The request's answer, and what to keep of it: nil unless it is a 200 that sets no cookie.
    private func make(
        _ request: Request, user: AuthUser, in cache: ResponseCache, numbers: ResponseCache.Numbers, now: Date,
        chainingTo next: any AsyncResponder
    ) async throws -> (response: Response, answer: ResponseCache.Answer?) {
        let making = ResponseCache.Making()
        let response = try await ResponseCache.Making.$current.withValue(making) { try await next.respond(to: request) }
        guard response.status == .ok, let body = response.body.buffer, !response.headers.contains(name: .setCookie) else {
            return (response, nil)
        }
        // Read after the answer is made, so a refusal costs no query; data newer than the
        // version read first only matters to requests that will see a newer version anyway.
        let sql = request.sql
        let validUntil = try await cache.validUntil(family: user.familyID, version: user.dataVersion, at: now) {
            try await FamilyDeadlines.next(after: now, family: user.familyID, on: sql)
        }
        let answer = ResponseCache.Answer(
            version: numbers.version(of: making), made: now, validUntil: validUntil, headers: response.headers, body: body)
        return (response, answer)
    }

    /// The session, the URL and every header but the request's id: an answer may depend on
    /// any of them (the `Accept` type, an htmx partial, a cookie).
    static func key(for request: Request, session: UUID) -> String {
        var key = session.upperHex
        key += request.urlPathAndQuery
        for (name, value) in request.headers where name.lowercased() != "x-request-id" {
            key += "\n\(name):\(value)"
        }
        return key
    }

    /// For a read whose answer is the same for every viewer of the child its path names, and
    /// made from its path and query alone (`APIEndpoint.sameForEveryViewer`): the child and the
    /// URL, so that the child's parents and the child, in the app or a script, on any of their
    /// sessions, are served one kept answer (a write to the child used to end one per session,
    /// each made afresh). Nil unless the asker may see the child: the session lookup found it
    /// in the asker's family (`childVersion`, for the path's child as the lookup parsed it,
    /// `pathChild`), and `AuthUser.maySee`. Checked on every read, kept or not, since the key
    /// no longer names who asked.
    static func childKey(for request: Request, user: AuthUser) -> String? {
        guard let child = user.childVersion?.child, user.pathChild == child, user.maySee(child: child) else { return nil }
        return "child " + child.upperHex + request.urlPathAndQuery
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
