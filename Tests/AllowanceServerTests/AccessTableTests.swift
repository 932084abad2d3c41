import AllowanceAPI
import AllowanceCore
import Foundation
import Testing
import Vapor
import VaporTesting

@testable import AllowanceServer

/// One row per registered route with who may use it, and a walk of every row as each kind of
/// caller: the anonymous, another family's parent, a sibling, and a child on parent-only
/// actions. A route added without a row fails `everyRegisteredRouteHasARule`, so no route
/// reaches production without someone deciding who may call it. The servers here run with the
/// optional routes on (`GET /metrics`), so the table covers those too.
@Suite struct AccessTableTests {
    /// Who may use a route.
    enum Access: Sendable {
        /// Anyone, signed in or not: signing in and up, health, the API document.
        case `public`
        /// Any signed-in user, on their own account or family; the route names nobody's data.
        case signedIn
        /// A parent of the family; a child gets 403.
        case parentOnly
        /// A parent of the family, or the child the data belongs to.
        case parentOrOwnChild
        /// The signed-in child; a parent gets 403.
        case childOnly
        /// Only the user it was sent to (a notification).
        case owner
        /// Only the parent who made it (a family template); a child gets 403.
        case creator
    }

    /// A route and its rule. Path parameters use Vapor's `:name`; `{name}` in a body or query is
    /// filled from the same fixtures. A web body is the form's fields after `_csrf`.
    struct Rule: Sendable, CustomStringConvertible {
        let method: HTTPMethod
        let path: String
        let access: Access
        var body: String?
        var query: String?

        init(_ method: HTTPMethod, _ path: String, _ access: Access, body: String? = nil, query: String? = nil) {
            self.method = method
            self.path = path
            self.access = access
            self.body = body
            self.query = query
        }

        var isAPI: Bool { path.hasPrefix("/api/") }
        var description: String { "\(method.rawValue) \(path)" }
        var components: [String] { path.split(separator: "/").map(String.init) }

        /// The fixtures the request names: path parameters, then `{name}` in the body or query.
        var fixtureNames: [String] {
            let inText = [body, query].compactMap { $0 }.flatMap { $0.matches(of: #/\{([A-Za-z]+)\}/#).map { String($0.1) } }
            return components.filter { $0.hasPrefix(":") }.map { String($0.dropFirst()) } + inText
        }

        /// Whether the request names someone's data (Kai's, in the walk), rather than only the caller's own.
        var namesData: Bool { !fixtureNames.isEmpty }

        /// The request's path and query with the fixtures filled in.
        func url(_ fixtures: [String: String], sourceLocation: SourceLocation = #_sourceLocation) -> String {
            let filled = components.map { component -> String in
                guard component.hasPrefix(":") else { return component }
                guard let value = fixtures[String(component.dropFirst())] else {
                    Issue.record("\(self): no fixture for \(component)", sourceLocation: sourceLocation)
                    return component
                }
                return value
            }
            return "/" + filled.joined(separator: "/") + (query.map { "?" + Self.fill($0, fixtures) } ?? "")
        }

        func filledBody(_ fixtures: [String: String]) -> String? { body.map { Self.fill($0, fixtures) } }

        static func fill(_ text: String, _ fixtures: [String: String]) -> String {
            fixtures.reduce(text) { $0.replacingOccurrences(of: "{\($1.key)}", with: $1.value) }
        }
    }

    // MARK: - The table

    static let api: [Rule] = [
        Rule(.GET, "/health", .public),
        Rule(.GET, "/openapi.json", .public),
        // Only with METRICS=1, which this suite's servers turn on; counts by route, job and type, no one's data.
        Rule(.GET, "/metrics", .public),

        Rule(.POST, "/api/v1/auth/register/parent", .public),
        Rule(.POST, "/api/v1/auth/login", .public),
        Rule(
            .POST, "/api/v1/auth/register/child", .parentOnly,
            body: #"{"email":"new-kid@example.com","password":"secret1","firstName":"New","lastName":"Kid","weeklyAllowance":1}"#),
        Rule(.POST, "/api/v1/auth/refresh", .signedIn),
        Rule(.GET, "/api/v1/auth/me", .signedIn),
        Rule(.PUT, "/api/v1/auth/me", .signedIn, body: "{}"),
        Rule(.POST, "/api/v1/auth/change-password", .signedIn, body: "{}"),
        Rule(.POST, "/api/v1/auth/logout", .signedIn),

        Rule(.GET, "/api/v1/families/current", .signedIn),
        Rule(.PUT, "/api/v1/families/current", .parentOnly, body: #"{"name":"Hacked"}"#),
        Rule(.GET, "/api/v1/families/current/children", .signedIn),
        Rule(.GET, "/api/v1/children", .signedIn),
        Rule(.POST, "/api/v1/children", .parentOnly, body: #"{"firstName":"Hacked"}"#),
        Rule(.POST, "/api/v1/children/:childId/login", .parentOnly, body: #"{"email":"hacked@example.com","password":"secret1"}"#),
        Rule(.GET, "/api/v1/children/:childId", .parentOrOwnChild),
        Rule(.GET, "/api/v1/children/:childId/balance", .parentOrOwnChild),
        Rule(.PUT, "/api/v1/children/:childId", .parentOnly, body: #"{"firstName":"Hacked"}"#),
        Rule(.PUT, "/api/v1/children/:childId/settings", .parentOnly, body: #"{"firstName":"Hacked"}"#),
        Rule(.DELETE, "/api/v1/children/:childId", .parentOnly),
        Rule(.GET, "/api/v1/children/:childId/transactions", .parentOrOwnChild),
        Rule(.POST, "/api/v1/children/:childId/allowance/pause", .parentOnly),
        Rule(.POST, "/api/v1/children/:childId/allowance/resume", .parentOnly),

        Rule(.POST, "/api/v1/transactions", .parentOnly, body: #"{"childId":"{childId}","amount":1,"type":"Debit","description":"x"}"#),
        Rule(.GET, "/api/v1/transactions/:transactionId", .parentOrOwnChild),
        Rule(.GET, "/api/v1/children/:childId/transactions.csv", .parentOrOwnChild),

        Rule(.GET, "/api/v1/dashboard/parent", .parentOnly),
        Rule(.GET, "/api/v1/dashboard/child", .childOnly),

        Rule(.GET, "/api/v1/notifications", .signedIn),
        Rule(.GET, "/api/v1/notifications/unread-count", .signedIn),
        Rule(.PATCH, "/api/v1/notifications/:notificationId/read", .owner),
        Rule(.POST, "/api/v1/notifications/read", .signedIn),
        Rule(.GET, "/api/v1/notifications/preferences", .signedIn),
        Rule(.PUT, "/api/v1/notifications/preferences", .signedIn, body: "{}"),

        Rule(
            .POST, "/api/v1/recurring-transactions", .parentOnly,
            body: #"{"childId":"{childId}","name":"x","amount":1,"type":"Credit","pattern":1,"startDate":"2026-11-22"}"#),
        Rule(.GET, "/api/v1/recurring-transactions", .parentOnly),
        Rule(.GET, "/api/v1/recurring-transactions/:recurringTransactionId", .parentOrOwnChild),
        Rule(.PUT, "/api/v1/recurring-transactions/:recurringTransactionId", .parentOnly, body: #"{"name":"Hacked","amount":99}"#),
        Rule(.DELETE, "/api/v1/recurring-transactions/:recurringTransactionId", .parentOnly),
        Rule(.POST, "/api/v1/recurring-transactions/:recurringTransactionId/pause", .parentOnly),
        Rule(.POST, "/api/v1/recurring-transactions/:recurringTransactionId/resume", .parentOnly),
        Rule(.POST, "/api/v1/recurring-transactions/:recurringTransactionId/execute", .parentOnly),
        Rule(.GET, "/api/v1/recurring-transactions/pending", .parentOnly),
        Rule(.POST, "/api/v1/recurring-transactions/pending/:occurrenceId/approve", .parentOnly),
        Rule(.POST, "/api/v1/recurring-transactions/pending/:occurrenceId/reject", .parentOnly),
        Rule(.GET, "/api/v1/children/:childId/recurring-transactions", .parentOrOwnChild),

        Rule(.GET, "/api/v1/templates", .signedIn),
        Rule(.POST, "/api/v1/templates", .parentOnly, body: #"{"name":"x","iconName":"x","type":"Debit"}"#),
        Rule(.PUT, "/api/v1/templates/:templateId", .creator, body: #"{"name":"Hacked"}"#),
        Rule(.DELETE, "/api/v1/templates/:templateId", .creator),
        // The template is the family's; the child named is whose money moves (a child: their own spending).
        Rule(.POST, "/api/v1/templates/:templateId/use", .parentOrOwnChild, body: #"{"childId":"{childId}"}"#),

        Rule(.GET, "/api/v1/widgets/balance/:childId", .parentOrOwnChild),
        Rule(.GET, "/api/v1/widgets/quick-actions/:childId", .parentOrOwnChild),
        Rule(.GET, "/api/v1/widgets/family-balances", .parentOnly),
        Rule(.GET, "/api/v1/widgets/goal/:goalId", .parentOrOwnChild),
        Rule(.GET, "/api/v1/siri/balance/:childId", .parentOrOwnChild),
        Rule(.GET, "/api/v1/siri/goal-progress/:goalId", .parentOrOwnChild),
        Rule(.GET, "/api/v1/siri/goal-progress", .signedIn, query: "name=Bike"),
        Rule(.GET, "/api/v1/widgets/config", .signedIn),
        Rule(
            .PUT, "/api/v1/widgets/config", .parentOrOwnChild,
            body: #"{"widgetType":"balance","widgetSize":"small","configuration":{"childId":"{childId}"}}"#),

        Rule(.POST, "/api/v1/savings-goals", .parentOrOwnChild, body: #"{"childId":"{childId}","name":"Hacked","targetAmount":1}"#),
        Rule(.GET, "/api/v1/savings-goals/:goalId", .parentOrOwnChild),
        Rule(.PUT, "/api/v1/savings-goals/:goalId", .parentOrOwnChild, body: #"{"name":"Hacked"}"#),
        Rule(.DELETE, "/api/v1/savings-goals/:goalId", .parentOnly),
        Rule(.POST, "/api/v1/savings-goals/:goalId/pause", .parentOnly),
        Rule(.POST, "/api/v1/savings-goals/:goalId/resume", .parentOnly),
        Rule(.POST, "/api/v1/savings-goals/:goalId/contribute", .parentOrOwnChild, body: #"{"amount":1}"#),
        Rule(.POST, "/api/v1/savings-goals/:goalId/withdraw", .parentOnly, body: #"{"amount":1}"#),
        Rule(.POST, "/api/v1/savings-goals/:goalId/gift", .parentOnly, body: #"{"amount":1,"type":4}"#),
        Rule(.GET, "/api/v1/savings-goals/:goalId/contributions", .parentOrOwnChild),
        Rule(.POST, "/api/v1/savings-goals/:goalId/purchase", .parentOnly, body: "{}"),
        Rule(.POST, "/api/v1/savings-goals/:goalId/matching", .parentOnly, body: #"{"type":1,"matchRatio":2}"#),
        Rule(.GET, "/api/v1/savings-goals/:goalId/matching", .parentOrOwnChild),
        Rule(.PUT, "/api/v1/savings-goals/:goalId/matching", .parentOnly, body: #"{"isActive":false}"#),
        Rule(.DELETE, "/api/v1/savings-goals/:goalId/matching", .parentOnly),
        Rule(
            .POST, "/api/v1/savings-goals/:goalId/challenge", .parentOnly,
            body: #"{"targetAmount":1,"endDate":"2027-01-01","bonusAmount":1}"#),
        Rule(.GET, "/api/v1/savings-goals/:goalId/challenge", .parentOrOwnChild),
        Rule(.DELETE, "/api/v1/savings-goals/:goalId/challenge", .parentOnly),
        Rule(.GET, "/api/v1/children/:childId/savings-goals", .parentOrOwnChild),
        Rule(.GET, "/api/v1/children/:childId/challenges", .parentOrOwnChild),

        Rule(.GET, "/api/v1/app-categories", .signedIn),
        Rule(
            .POST, "/api/v1/app-categories", .parentOnly, body: #"{"appName":"Hacked","bundleIdentifier":"x.hacked","category":"Learning"}"#
        ),
        Rule(.PUT, "/api/v1/app-categories/:appCategoryId", .parentOnly, body: #"{"appName":"Hacked"}"#),
        Rule(.DELETE, "/api/v1/app-categories/:appCategoryId", .parentOnly),
        Rule(
            .POST, "/api/v1/learning-sessions", .parentOrOwnChild,
            body:
                #"{"childId":"{childId}","bundleIdentifier":"com.duolingo.DuolingoMobile","startTime":"2026-11-21T10:00:00Z","endTime":"2026-11-21T10:30:00Z"}"#
        ),
        Rule(.GET, "/api/v1/children/:childId/learning-sessions", .parentOrOwnChild),
        Rule(.GET, "/api/v1/children/:childId/points", .parentOrOwnChild),
        Rule(.POST, "/api/v1/children/:childId/points/redeem", .parentOrOwnChild, body: #"{"points":1,"description":"Hacked"}"#),
        Rule(.POST, "/api/v1/children/:childId/points/adjust", .parentOnly, body: #"{"points":5,"description":"Hacked"}"#),
        Rule(.GET, "/api/v1/families/current/learning-settings", .signedIn),
        Rule(.PUT, "/api/v1/families/current/learning-settings", .parentOnly, body: #"{"pointsPerDollar":100}"#),
        Rule(
            .POST, "/api/v1/learning-goals", .parentOnly,
            body: #"{"childId":"{childId}","title":"Hacked","type":"TimeBased","targetValue":1,"frequency":"Weekly"}"#),
        Rule(.GET, "/api/v1/children/:childId/learning-goals", .parentOrOwnChild),
        Rule(.GET, "/api/v1/learning-goals/:learningGoalId", .parentOrOwnChild),
        Rule(.PUT, "/api/v1/learning-goals/:learningGoalId", .parentOnly, body: #"{"title":"Hacked"}"#),
        Rule(.DELETE, "/api/v1/learning-goals/:learningGoalId", .parentOnly),
        Rule(.GET, "/api/v1/badges", .signedIn),
        Rule(.POST, "/api/v1/badges", .parentOnly, body: #"{"title":"Hacked","measure":"Hours","threshold":1}"#),
        Rule(.DELETE, "/api/v1/badges/:badgeKey", .parentOnly),
        Rule(.GET, "/api/v1/children/:childId/badges", .parentOrOwnChild),
        Rule(.GET, "/api/v1/children/:childId/learning-summary", .parentOrOwnChild),
        Rule(.GET, "/api/v1/families/current/plan", .signedIn),
    ]

    /// Web forms carry valid fields, so a refusal is the access check's and not a validation error's.
    static let web: [Rule] = [
        Rule(.GET, "/", .public),
        Rule(.GET, "/login", .public),
        Rule(.POST, "/login", .public),
        Rule(.GET, "/register", .public),
        Rule(.POST, "/register", .public),
        Rule(.GET, "/logout", .public),
        Rule(.POST, "/logout", .public),
        Rule(.GET, "/terms", .public),
        Rule(.GET, "/privacy", .public),

        Rule(.GET, "/dashboard", .signedIn),
        Rule(.GET, "/settings", .signedIn),
        Rule(.POST, "/settings/profile", .signedIn),
        Rule(.POST, "/settings/password", .signedIn),
        Rule(.POST, "/settings/notifications", .signedIn),
        Rule(.POST, "/settings/family", .parentOnly, body: "name=Hacked&timeZone=UTC"),
        Rule(.GET, "/notifications", .signedIn),
        Rule(.POST, "/notifications/read-all", .signedIn),
        Rule(.POST, "/notifications/:notificationId/read", .owner),

        Rule(.GET, "/children/new", .parentOnly),
        Rule(
            .POST, "/children/new", .parentOnly,
            body: "email=new-kid%40example.com&password=secret1&confirmPassword=secret1&firstName=New&lastName=Kid&weeklyAllowance=1"),
        Rule(.GET, "/children/:childId", .parentOrOwnChild),
        Rule(.POST, "/children/:childId/money", .parentOnly, body: "amount=1&type=Debit&note=x"),
        Rule(.POST, "/children/:childId/quick-subtract", .parentOnly, body: "note=x"),
        // A child records their own spending with a template (a credit stays a parent's: 403).
        Rule(.POST, "/children/:childId/templates/:templateId", .parentOrOwnChild),
        Rule(.POST, "/children/:childId/rename", .parentOnly, body: "firstName=Hacked&lastName=Kid"),
        Rule(.POST, "/children/:childId/login", .parentOnly, body: "email=hacked@example.com&password=secret1&confirmPassword=secret1"),
        Rule(.POST, "/children/:childId/allowance/pause", .parentOnly),
        Rule(.POST, "/children/:childId/allowance/resume", .parentOnly),
        Rule(.GET, "/children/:childId/delete", .parentOnly),
        Rule(.POST, "/children/:childId/delete", .parentOnly),

        // The list scopes by `?child=`: it names a child's data as a path parameter would.
        Rule(.GET, "/transactions", .parentOrOwnChild, query: "child={childId}"),
        Rule(.GET, "/transactions/new", .parentOnly),
        Rule(.POST, "/transactions/new", .parentOnly, body: "childId={childId}&type=Debit&amount=1&description=x"),
        Rule(.GET, "/transactions/:transactionId", .parentOrOwnChild),
        Rule(.GET, "/children/:childId/transactions.csv", .parentOrOwnChild),

        // A parent's list has the family's schedules; a child's only their own, read only.
        Rule(.GET, "/recurring", .signedIn),
        Rule(.GET, "/recurring/new", .parentOnly),
        Rule(
            .POST, "/recurring/new", .parentOnly,
            body: "childId={childId}&name=x&amount=1&type=Credit&pattern=1&timeOfDay=09%3A00&startDate=2026-11-22"),
        Rule(.GET, "/recurring/:recurringId/edit", .parentOnly),
        Rule(.POST, "/recurring/:recurringId/edit", .parentOnly, body: "name=Hacked&amount=1&type=Credit&pattern=1&timeOfDay=09%3A00"),
        Rule(.POST, "/recurring/:recurringId/pause", .parentOnly),
        Rule(.POST, "/recurring/:recurringId/resume", .parentOnly),
        Rule(.POST, "/recurring/:recurringId/run", .parentOnly),
        Rule(.POST, "/recurring/:recurringId/delete", .parentOnly),
        Rule(.POST, "/recurring/pending/:occurrenceId/approve", .parentOnly),
        Rule(.POST, "/recurring/pending/:occurrenceId/reject", .parentOnly),

        Rule(.GET, "/children/:childId/goals", .parentOrOwnChild),
        Rule(.GET, "/children/:childId/goals/new", .parentOrOwnChild),
        Rule(.POST, "/children/:childId/goals/new", .parentOrOwnChild, body: "name=Hacked&targetAmount=1"),
        Rule(.GET, "/goals/:goalId", .parentOrOwnChild),
        Rule(.GET, "/goals/:goalId/edit", .parentOnly),
        Rule(.POST, "/goals/:goalId/edit", .parentOnly, body: "name=Hacked&targetAmount=1"),
        Rule(.POST, "/goals/:goalId/contribute", .parentOrOwnChild, body: "amount=1"),
        Rule(.POST, "/goals/:goalId/withdraw", .parentOnly, body: "amount=1"),
        Rule(.POST, "/goals/:goalId/gift", .parentOnly, body: "amount=1"),
        Rule(.POST, "/goals/:goalId/pause", .parentOnly),
        Rule(.POST, "/goals/:goalId/resume", .parentOnly),
        Rule(.POST, "/goals/:goalId/cancel", .parentOnly),
        Rule(.POST, "/goals/:goalId/purchase", .parentOnly),
        Rule(.POST, "/goals/:goalId/matching", .parentOnly, body: "type=1&ratio=2"),
        Rule(.POST, "/goals/:goalId/matching-off", .parentOnly),
        Rule(.POST, "/goals/:goalId/challenge", .parentOnly, body: "targetAmount=1&endDate=2027-01-01&bonusAmount=1"),
        Rule(.POST, "/goals/:goalId/challenge-cancel", .parentOnly),

        Rule(.GET, "/children/:childId/learning", .parentOrOwnChild),
        Rule(
            .POST, "/children/:childId/learning/session", .parentOrOwnChild,
            body: "bundleIdentifier=com.duolingo.DuolingoMobile&date=2026-11-21&start=09:00&minutes=5"),
        Rule(
            .POST, "/children/:childId/learning/import", .parentOnly,
            body: "csv=bundleIdentifier,startTime,endTime%0Acom.duolingo.DuolingoMobile,2026-11-21T12:00:00Z,2026-11-21T12:05:00Z"),
        Rule(
            .POST, "/children/:childId/learning/goal", .parentOrOwnChild, body: "title=Hacked&type=TimeBased&targetValue=1&frequency=Weekly"
        ),
        Rule(.POST, "/children/:childId/learning/redeem", .parentOrOwnChild, body: "points=1&description=Hacked"),
        Rule(.POST, "/learning-goals/:learningGoalId/delete", .parentOnly),
        Rule(.GET, "/learning/apps", .parentOnly),
        Rule(.POST, "/learning/apps", .parentOnly, body: "appName=Hacked&bundleIdentifier=x.hacked&category=Learning"),
        Rule(.POST, "/learning/apps/:appCategoryId/delete", .parentOnly),
        Rule(.POST, "/learning/settings", .parentOnly, body: "pointsPerDollar=100&streakReminderTime=18:30"),
        Rule(.GET, "/learning-goals/:learningGoalId/edit", .parentOnly),
        Rule(.POST, "/learning-goals/:learningGoalId/edit", .parentOnly, body: "title=Hacked&targetValue=1"),
        Rule(.POST, "/learning/badges", .parentOnly, body: "title=Hacked&measure=Hours&threshold=1"),
        Rule(.POST, "/learning/badges/:customBadgeId/delete", .parentOnly),

        Rule(.GET, "/templates", .parentOnly),
        Rule(.GET, "/templates/new", .parentOnly),
        Rule(.POST, "/templates/new", .parentOnly, body: "name=Hacked&type=Debit&iconName=star&defaultAmount=1"),
        Rule(.GET, "/templates/:templateId/edit", .creator),
        Rule(.POST, "/templates/:templateId/edit", .creator, body: "name=Hacked&iconName=star&defaultAmount=1"),
        Rule(.POST, "/templates/:templateId/delete", .creator),
        Rule(.POST, "/templates/:templateId/move-up", .creator),
        Rule(.POST, "/templates/:templateId/move-down", .creator),
    ]

    static let table = api + web

    // MARK: - Fixtures

    /// The victims' family name: another family's parent must never read it.
    static let familyName = "Wrenfield"

    /// Someone making requests: a bearer token for the API, cookies for the web app.
    struct Caller {
        let name: String
        let token: String?
        let cookies: (session: String, csrf: String)
    }

    struct Setup {
        let family: TestFamily
        let kai: TestChild
        let stranger: TestFamily
        /// Kai's data (and the family's template) by parameter name.
        let fixtures: [String: String]
        let parent: Caller, anonymous: Caller, strangerParent: Caller, sibling: Caller, child: Caller
        /// Kai's money and records as the setup left them: a refused request leaves them so.
        let balance: Money
        let ledgerCount: Int
        let goal: SavingsGoalDto
    }

    /// The web sign-in and form helpers.
    private let pages = WebPageTests()

    /// The Wrenfields: Kai with a ledger entry, a notification, a goal with savings, matching and a
    /// running challenge, and a daily schedule with one occurrence waiting for approval; Freya
    /// is his sister; the parent made a template. The Strangers are another family. Kai's things
    /// carry his name, so any of them leaking shows as "Kai" in a body.
    func setUp(_ client: TestClient) async throws -> Setup {
        let family = try await client.family(
            name: Self.familyName, children: [("Kai", Money(cents: 87_43)), ("Freya", Money(cents: 40_00))])
        let stranger = try await client.family(name: "Strangers", children: [("Sam", Money(cents: 5_00))])
        let kai = family.children[0]
        let entry = try await client.post(.debit, 1_00, to: kai, in: family, description: "Kai's ice cream")
            .decode(TransactionResponse.self)
        let goal = try await client.createGoal(for: kai, in: family, name: "Kai's kite")
        try await client.saved(10_00, to: goal, token: kai.token)
        try await client.match(goal, .ratioMatch, ratio: "0.5", in: family)
        // Every day at 13:31 in New York, a minute after the tests' start.
        let recurring = try await client.createRecurring(
            recurringInput(for: kai, name: "Kai's comic club", cents: 3_00, pattern: .daily, dayOfWeek: nil, time: "13:31", approval: true),
            in: family)
        await client.runJobs(at: testStart.addingTimeInterval(60), for: family)
        try await client.challenge(goal, target: 20_00, bonus: 5_00, in: family)
        let pending: [PendingRecurringOccurrenceDto] = try await client.call(
            .GET, "/api/v1/recurring-transactions/pending", token: family.parent.token)
        // Named for the family, not Kai: his sister may see the family's templates.
        let template: TransactionTemplateDto = try await client.call(
            .POST, "/api/v1/templates", token: family.parent.token,
            json: CreateTransactionTemplateDto(
                name: "\(Self.familyName) bus", iconName: "bus", defaultAmount: Money(cents: 1_00), type: .debit))
        let notification = try #require(try await client.notifications(token: kai.token).first)
        let learningGoal: LearningGoalDto = try await client.call(
            .POST, "/api/v1/learning-goals", token: family.parent.token,
            json: CreateLearningGoalDto(childId: kai.id, title: "Kai's reading", type: .timeBased, targetValue: 5, frequency: .weekly))
        let apps: [AppCategoryDto] = try await client.call(.GET, "/api/v1/app-categories", token: family.parent.token)
        // The family is Premium for its own badge; the walk checks nobody else can retire it.
        try await client.makePremium(family)
        let badge: BadgeDto = try await client.call(
            .POST, "/api/v1/badges", token: family.parent.token,
            json: CreateCustomBadgeDto(title: "\(Self.familyName) reader", measure: .hours, threshold: 1_000))

        let fixtures = [
            "childId": kai.id, "goalId": goal.id, "transactionId": entry.id, "recurringTransactionId": recurring.id,
            "recurringId": recurring.id, "occurrenceId": try #require(pending.first?.id), "templateId": template.id,
            "notificationId": notification.id, "learningGoalId": learningGoal.id, "appCategoryId": try #require(apps.first?.id),
            "customBadgeId": try #require(CustomBadges.id(inKey: badge.badgeKey)),
        ].mapValues(\.uuidString).merging(["badgeKey": badge.badgeKey]) { $1 }

        func caller(_ name: String, _ token: String, _ email: String) async throws -> Caller {
            Caller(name: name, token: token, cookies: try await pages.signIn(client, email: email))
        }
        // The anonymous still hold a form token, so what refuses their forms is the sign-in gate.
        let form = try await client.send(.GET, "/login")
        let csrf = try #require(form.headers.setCookie?[CSRFMiddleware.cookieName]?.string)
        return Setup(
            family: family, kai: kai, stranger: stranger, fixtures: fixtures,
            parent: try await caller("the parent", family.parent.token, family.parent.email),
            anonymous: Caller(name: "anonymous", token: nil, cookies: ("", csrf)),
            strangerParent: try await caller("another family's parent", stranger.parent.token, stranger.parent.email),
            sibling: try await caller("Kai's sister", family.children[1].token, family.children[1].email),
            child: try await caller("Kai", kai.token, kai.email),
            balance: try await client.balance(of: kai, in: family), ledgerCount: try await client.ledger(of: kai, in: family).count,
            goal: try await client.goal(goal.id, token: family.parent.token))
    }

    func send(_ rule: Rule, as caller: Caller, fixtures: [String: String], _ client: TestClient) async throws -> TestingHTTPResponse {
        let url = rule.url(fixtures)
        let body = rule.filledBody(fixtures)
        if rule.isAPI { return try await client.send(rule.method, url, token: caller.token, body: body) }
        switch rule.method {
        case .GET: return try await pages.page(client, url, cookies: caller.cookies)
        case .POST:
            let form = ["_csrf=\(caller.cookies.csrf)", body].compactMap { $0 }.joined(separator: "&")
            return try await pages.post(client, url, form: form, cookies: caller.cookies)
        default:
            Issue.record("\(rule): the web app has only GET and POST routes")
            throw TestFailure.unexpectedStatus(0)
        }
    }

    /// A refusal: one of `allowed`, with the API's JSON error or the web app's error page.
    func expectRefused(
        _ response: TestingHTTPResponse, _ rule: Rule, as caller: Caller, allowed: Set<UInt>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let status = response.status.code
        #expect(
            allowed.contains(status), "\(rule) as \(caller.name) answered \(status): \(response.body.string.prefix(300))",
            sourceLocation: sourceLocation)
        if rule.isAPI {
            #expect(response.error != nil, "\(rule) as \(caller.name): no JSON error", sourceLocation: sourceLocation)
        } else {
            #expect(response.headers.contentType == .html, "\(rule) as \(caller.name): no error page", sourceLocation: sourceLocation)
        }
    }

    func expectNoLeak(
        _ response: TestingHTTPResponse, of secrets: [String], _ rule: Rule, as caller: Caller,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for secret in secrets {
            #expect(
                !response.body.string.contains(secret), "\(rule) as \(caller.name) showed \"\(secret)\"", sourceLocation: sourceLocation)
        }
    }

    /// Nothing of Kai's moved: money, ledger, goal, schedule, pending occurrence, notification,
    /// template, allowance.
    func expectNothingMoved(_ s: Setup, _ client: TestClient, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let token = s.family.parent.token
        #expect(try await client.balance(of: s.kai, in: s.family) == s.balance, sourceLocation: sourceLocation)
        #expect(try await client.ledger(of: s.kai, in: s.family).count == s.ledgerCount, sourceLocation: sourceLocation)
        let goal = try await client.goal(s.goal.id, token: token)
        #expect(
            goal.name == s.goal.name && goal.status == s.goal.status && goal.currentAmount == s.goal.currentAmount,
            sourceLocation: sourceLocation)
        #expect(goal.matchingRule?.isActive == true && goal.hasActiveChallenge, sourceLocation: sourceLocation)
        let kai: ChildResponse = try await client.call(.GET, "/api/v1/children/\(s.kai.id)", token: token)
        #expect(kai.firstName == "Kai" && !kai.allowancePaused, sourceLocation: sourceLocation)
        let recurring = try await client.recurring(try #require(UUID(uuidString: s.fixtures["recurringId"] ?? "")), in: s.family)
        #expect(recurring.name == "Kai's comic club" && !recurring.isPaused && recurring.isActive, sourceLocation: sourceLocation)
        let pending: [PendingRecurringOccurrenceDto] = try await client.call(.GET, "/api/v1/recurring-transactions/pending", token: token)
        #expect(pending.map(\.id.uuidString) == [s.fixtures["occurrenceId"]], sourceLocation: sourceLocation)
        let notifications = try await client.notifications(token: s.kai.token)
        #expect(notifications.contains { $0.id.uuidString == s.fixtures["notificationId"] && !$0.isRead }, sourceLocation: sourceLocation)
        let templates: [TransactionTemplateDto] = try await client.call(.GET, "/api/v1/templates", token: token)
        #expect(
            templates.contains { $0.id.uuidString == s.fixtures["templateId"] && $0.name == "\(Self.familyName) bus" },
            sourceLocation: sourceLocation)
        #expect(try await client.audit(s.family).isClean, sourceLocation: sourceLocation)
    }

    // MARK: - The table and the router

    /// A path as the table writes it: constants, and `:name` for parameters.
    static func pattern(_ route: Route) -> [String] {
        route.path.map { component in
            switch component {
            case .constant(let text): text
            case .parameter(let name): ":" + name
            case .anything: "*"
            case .catchall: "**"
            }
        }
    }

    /// Whether a registered route serves a table row.
    static func serves(_ route: Route, _ rule: Rule) -> Bool {
        route.method == rule.method && pattern(route) == rule.components
    }

    @Test func everyRegisteredRouteHasARule() async throws {
        try await withApp(metrics: true) { client in
            let routes = client.app.routes.all
            let unruled = routes.filter { route in !Self.table.contains { Self.serves(route, $0) } }
                .map { "\($0.method.rawValue) /\(Self.pattern($0).joined(separator: "/"))" }
            let unserved = Self.table.filter { rule in !routes.contains { Self.serves($0, rule) } }.map(\.description)
            #expect(unruled.isEmpty, "routes with no access rule in AccessTableTests: \(unruled.sorted())")
            #expect(unserved.isEmpty, "access rules for routes that are not registered: \(unserved.sorted())")
            let keys = Self.table.map(\.description)
            let twice = Dictionary(grouping: keys) { $0 }.filter { $1.count > 1 }.keys.sorted()
            #expect(twice.isEmpty, "routes with two access rules: \(twice)")
        }
    }

    /// The table says what each endpoint's declared access (its "Authorization" line in /openapi.json) says.
    @Test func theAPIRulesAgreeWithTheDocuments() {
        for rule in Self.api where rule.path.hasPrefix("/api/v1/") {
            let path = "/" + rule.components.map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : $0 }.joined(separator: "/")
            guard let operation = APIEndpoints.all.first(where: { $0.method == rule.method && $0.path == path }) else {
                Issue.record("\(rule) is not documented")
                continue
            }
            let agrees: Bool
            switch operation.access {
            case .anyone: agrees = rule.access == .public
            // "A child sees only their own money": the table says whose data the route names.
            case .signedIn: agrees = [.signedIn, .parentOrOwnChild, .owner].contains(rule.access)
            case .parent: agrees = rule.access == .parentOnly
            case .child: agrees = rule.access == .childOnly
            case .creator: agrees = rule.access == .creator
            case .parentOrOwnChild: agrees = rule.access == .parentOrOwnChild
            }
            #expect(agrees, "\(rule): the table says \(rule.access), the documents \"\(operation.access.rawValue)\"")
        }
    }

    // MARK: - The walks

    @Test func anonymousCallersAreSentToSignIn() async throws {
        try await withApp(metrics: true) { client in
            let s = try await setUp(client)
            let forged = Caller(name: "a forged session", token: "not-a-jwt", cookies: ("not-a-session", s.anonymous.cookies.csrf))
            for rule in Self.table where rule.access != .public {
                for caller in [s.anonymous, forged] {
                    let response = try await send(rule, as: caller, fixtures: s.fixtures, client)
                    let what = "\(rule) as \(caller.name)"
                    if rule.isAPI {
                        #expect(response.status == .unauthorized, "\(what) answered \(response.status.code)")
                        #expect(
                            response.error?.code == "unauthorized" && response.error?.message.isEmpty == false,
                            "\(what): \(response.body.string)")
                    } else {
                        // Brought back to the page after signing in.
                        let back = rule.url(s.fixtures).addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
                        #expect(response.status == .seeOther, "\(what) answered \(response.status.code)")
                        #expect(response.headers.first(name: .location) == "/login?next=\(back)", "\(what)")
                    }
                    expectNoLeak(response, of: ["Kai", Self.familyName], rule, as: caller)
                }
            }
            // Public pages open without a sign-in.
            for rule in Self.table where rule.access == .public && rule.method == .GET {
                let response = try await send(rule, as: s.anonymous, fixtures: s.fixtures, client)
                #expect(response.status != .unauthorized, "\(rule)")
                #expect(response.headers.first(name: .location)?.hasPrefix("/login?next=") != true, "\(rule)")
            }
            try await expectNothingMoved(s, client)
        }
    }

    @Test func anotherFamilysParentIsRefusedAndLearnsNothing() async throws {
        try await withApp(metrics: true) { client in
            let s = try await setUp(client)
            let secrets = ["Kai", Self.familyName, s.balance.plainText]
            for rule in Self.table where rule.access != .public {
                // Their own account and family (the GETs alone: a POST such as logout acts on them) show nothing of ours.
                guard rule.namesData || rule.method == .GET else { continue }
                let response = try await send(rule, as: s.strangerParent, fixtures: s.fixtures, client)
                if rule.namesData { expectRefused(response, rule, as: s.strangerParent, allowed: [404]) }
                expectNoLeak(response, of: secrets, rule, as: s.strangerParent)
            }
            // Their own child with our other ids (today, our template): every id is checked, not only the child's.
            var mixed = s.fixtures
            mixed["childId"] = s.stranger.children[0].id.uuidString
            for rule in Self.table where rule.fixtureNames.contains("childId") && rule.fixtureNames.count > 1 {
                let response = try await send(rule, as: s.strangerParent, fixtures: mixed, client)
                expectRefused(response, rule, as: s.strangerParent, allowed: [404])
                expectNoLeak(response, of: secrets, rule, as: s.strangerParent)
            }
            try await expectNothingMoved(s, client)
        }
    }

    @Test func aSiblingIsRefusedAndLearnsNothing() async throws {
        try await withApp(metrics: true) { client in
            let s = try await setUp(client)
            // The family's name and templates are hers too; Kai's name and money are not.
            let secrets = ["Kai", s.balance.plainText]
            for rule in Self.table where rule.access != .public {
                let response: TestingHTTPResponse
                if rule.namesData {
                    response = try await send(rule, as: s.sibling, fixtures: s.fixtures, client)
                    expectRefused(response, rule, as: s.sibling, allowed: [403, 404])
                } else if rule.access == .parentOnly {
                    response = try await send(rule, as: s.sibling, fixtures: s.fixtures, client)
                    expectRefused(response, rule, as: s.sibling, allowed: [403])
                } else if rule.method == .GET {
                    response = try await send(rule, as: s.sibling, fixtures: s.fixtures, client)
                } else {
                    continue  // her own account (logout, password): nothing of Kai's
                }
                expectNoLeak(response, of: secrets, rule, as: s.sibling)
            }
            try await expectNothingMoved(s, client)
        }
    }

    @Test func theWrongRoleIsRefused() async throws {
        try await withApp(metrics: true) { client in
            let s = try await setUp(client)
            for rule in Self.table where rule.access == .parentOnly || rule.access == .creator {
                let response = try await send(rule, as: s.child, fixtures: s.fixtures, client)
                expectRefused(response, rule, as: s.child, allowed: [403])
                if rule.isAPI { #expect(response.error?.code == "parent_only", "\(rule) as Kai: \(response.error?.code ?? "")") }
            }
            for rule in Self.table where rule.access == .childOnly {
                let response = try await send(rule, as: s.parent, fixtures: s.fixtures, client)
                expectRefused(response, rule, as: s.parent, allowed: [403])
            }
            // A template is its maker's to change: another parent of the family is refused too.
            let auth = try await client.addParent(to: s.family, firstName: "Robin")
            let cookies = try await pages.signIn(client, email: auth.email)
            let coParent = Caller(name: "another parent of the family", token: auth.token, cookies: cookies)
            for rule in Self.table where rule.access == .creator {
                let response = try await send(rule, as: coParent, fixtures: s.fixtures, client)
                expectRefused(response, rule, as: coParent, allowed: [403])
            }
            // A notification is its recipient's alone, even to a parent of the family.
            for rule in Self.table where rule.access == .owner {
                let response = try await send(rule, as: s.parent, fixtures: s.fixtures, client)
                expectRefused(response, rule, as: s.parent, allowed: [403, 404])
            }
            try await expectNothingMoved(s, client)
        }
    }

    /// The rightful readers get every page they may: the fixtures are real, so the refusals
    /// above are the access checks' and not a wrong id's.
    @Test func theFamilyReadsWhatItMay() async throws {
        try await withApp(metrics: true) { client in
            let s = try await setUp(client)
            for rule in Self.table where rule.method == .GET && rule.access != .public {
                var readers: [Caller] = []
                if rule.access != .childOnly { readers.append(s.parent) }
                if [.signedIn, .parentOrOwnChild, .owner, .childOnly].contains(rule.access) { readers.append(s.child) }
                for caller in readers {
                    let response = try await send(rule, as: caller, fixtures: s.fixtures, client)
                    #expect(
                        response.status == .ok,
                        "\(rule) as \(caller.name) answered \(response.status.code): \(response.body.string.prefix(300))")
                }
            }
            try await expectNothingMoved(s, client)
        }
    }
}
