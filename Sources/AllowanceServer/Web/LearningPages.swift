import AllowanceAPI
import AllowanceCore
import Vapor

/// Learning in the browser (the Learning Goals and Badges document): a child's goals with
/// rings, badges, points, this week against last and six months, and the forms to log a
/// session, import sessions from CSV, add a goal and redeem points; the family's app list.
struct LearningPages: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(SiteURL.learning(child: .key).pathComponents, use: show)
        routes.post(SiteURL.learningAction(child: .key, .session).pathComponents, use: logSession)
        let largest: ByteCount = "1mb"
        routes.on(
            .POST, SiteURL.learningAction(child: .key, .sessionsImport).pathComponents, body: .collect(maxSize: largest),
            use: importSessions
        )
        .formBodyLimit = largest.value
        routes.post(SiteURL.learningAction(child: .key, .goal).pathComponents, use: addGoal)
        routes.post(SiteURL.learningAction(child: .key, .redeem).pathComponents, use: redeem)
        routes.post(SiteURL.learningGoalDelete(.key).pathComponents, use: deleteGoal)
        routes.get(SiteURL.learningGoalEdit(.key).pathComponents, use: editGoal)
        routes.post(SiteURL.learningGoalEdit(.key).pathComponents, use: saveGoal)
        routes.get(SiteURL.learningApps.pathComponents, use: apps)
        routes.post(SiteURL.learningApps.pathComponents, use: addApp)
        routes.post(SiteURL.learningAppDelete(.key).pathComponents, use: deleteApp)
        routes.post(SiteURL.learningSettings.pathComponents, use: saveSettings)
        routes.post(SiteURL.learningBadges.pathComponents, use: addBadge)
        routes.post(SiteURL.learningBadgeRetire(.key).pathComponents, use: retireBadge)
    }

    // MARK: - The child's learning page

    @Sendable func show(req: Request) async throws -> Response {
        let child = try await req.visibleChild(try req.uuidParameter("childId"))
        return try await req.render("learning", "\(child.firstName)'s Learning", section: "dashboard", try await page(req, child))
    }

    func page(_ req: Request, _ child: ChildRecord, error: String? = nil) async throws -> Page {
        let user = try req.requireUser()
        let context = req.context
        let calendar = child.calendar
        let summary = try await LearningSummaryService.summary(of: child, in: context)
        let active = try await LearningGoalService.list(for: child, status: "active", in: context)
        let history = try await LearningGoalService.list(for: child, status: "history", in: context)
        let badges = try await BadgeStore.list(for: child, in: context)
        let points = try await PointsLedger.statement(of: child.id, limit: 10, on: context.sql)
        let apps = try await AppCategoryService.list(familyID: child.familyID, on: context.db)
        let refusal = try await PlanService.plan(ofFamily: child.familyID, in: context)
            .refusalToAddGoal(activeGoals: active.count, childName: child.firstName)
        let rate = try await PointsService.pointsPerDollar(ofFamily: child.familyID, on: context.sql)
        let today = try await LearningSessionService.list(
            childID: child.id, from: calendar.startOfDay(context.now), to: nil, limit: 500, on: context.sql)
        let weekChart = Charts.bars(
            [("Last week", summary.lastWeek.minutes), ("This week", summary.thisWeek.minutes)], title: "Minutes of learning, week by week",
            unit: "min", id: "week-chart")
        let monthChart = Charts.bars(
            summary.months.map { (Self.monthName($0.month), $0.minutes) }, title: "Minutes of learning, the last six months", unit: "min",
            id: "month-chart")
        let next = badges.filter { !$0.earned }.max { $0.progress < $1.progress }
        return Page(
            childId: child.id, childName: child.firstName, isParent: user.isParent,
            celebration: req.query[String.self, at: "celebrate"].flatMap { Self.celebration($0) }, error: error,
            todayMinutes: today.filter { $0.category == .learning }.map(\.durationSeconds).reduce(0, +) / 60,
            currentStreak: summary.currentStreak, longestStreak: summary.longestStreak, points: points.balance,
            pointsEarned: points.totalEarned,
            rate: rate.map { "\($0) points make $1.00" }, weekChart: weekChart, monthChart: monthChart,
            weekChange: summary.changePercent.minutes.map {
                $0 >= 0 ? "Up \($0.formatted())% on last week" : "Down \((-$0).formatted())% on last week"
            }
                ?? "Nothing to compare with last week yet", byApp: summary.byApp,
            goals: active.map(Self.card), history: history.map(Self.card), badges: badges.map { Self.badge($0, calendar: calendar) },
            nextBadge: next.map { "\($0.title): \($0.criteria.lowercased()) (\(Int(($0.progress * 100).rounded(.down)))% there)" },
            entries: points.transactions.map { entry in
                PointsRow(
                    type: entry.type.rawValue, amount: entry.amount >= 0 ? "+\(entry.amount)" : "−\(-entry.amount)",
                    isIn: entry.amount >= 0,
                    balanceAfter: entry.balanceAfter, description: entry.description, when: calendar.displayDateTime(entry.timestamp))
            },
            apps: apps.map { AppOption(bundle: $0.bundleIdentifier, name: $0.appName, category: $0.category.rawValue) },
            canAddGoal: refusal == nil, upgradeMessage: refusal,
            today: calendar.dayKey(context.now))
    }

    static func card(_ goal: LearningGoalDto) -> GoalCard {
        let percent = Int((goal.progress * 100).rounded(.down))
        let band = goal.status == .completed ? "green" : percent >= 50 ? "orange" : "red"
        let unit = goal.type.unit
        let current =
            goal.currentValue == goal.currentValue.rounded() ? String(Int(goal.currentValue)) : String(format: "%.2f", goal.currentValue)
        let target =
            goal.targetValue == goal.targetValue.rounded() ? String(Int(goal.targetValue)) : String(format: "%.2f", goal.targetValue)
        return GoalCard(
            id: goal.id, title: goal.title, ring: Charts.progressRing(percent: Double(percent), label: goal.title, size: 72), band: band,
            progressText: "\(current) of \(target) \(unit)", period: goal.frequency.rawValue,
            status: ["NotStarted": "Not started", "InProgress": "In progress", "Completed": "Completed", "Failed": "Missed"][
                goal.status.rawValue]
                ?? goal.status.rawValue,
            isRecurring: goal.isRecurring)
    }

    static func badge(_ badge: BadgeDto, calendar: FamilyCalendar) -> BadgeCard {
        BadgeCard(
            key: badge.badgeKey, title: badge.title, description: badge.description, criteria: badge.criteria, earned: badge.earned,
            isRare: badge.isRare, earnedOn: badge.earnedAt.map { calendar.displayDate($0) },
            percent: Int((badge.progress * 100).rounded(.down)),
            bonus: badge.pointsAwarded)
    }

    static func monthName(_ key: String) -> String {
        let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard let month = Int(key.suffix(2)), (1...12).contains(month) else { return key }
        return "\(names[month - 1]) \(key.prefix(4))"
    }

    static func celebration(_ kind: String) -> String? {
        switch kind {
        case "goal": "Goal reached! Every minute counted."
        case "badge": "A new badge! Look for it in the collection below."
        default: nil
        }
    }

    // MARK: - Forms

    /// Runs a form on the learning page; a refusal shows the page again with its message.
    private func learningForm(
        _ req: Request, parentOnly: Bool = false, keep: (inout Page) -> Void = { _ in },
        _ perform: (ChildRecord, AuthUser) async throws -> Response
    ) async throws -> Response {
        let child = try await req.visibleChild(try req.uuidParameter("childId"))
        let user = try req.requireUser()
        if parentOnly { try user.requireParent() }
        do {
            return try await perform(child, user)
        } catch let error as AppError where error.status.code < 500 && error.code != .notFound && error.code != .parentOnly {
            var page = try await page(req, child, error: Self.pageWords(error.message))
            keep(&page)
            return try await req.render("learning", "\(child.firstName)'s Learning", section: "dashboard", page, status: error.status)
        }
    }

    /// The sessions' rules speak the API's field names; the page says what its fields are.
    private static func pageWords(_ message: String) -> String {
        message.replacingOccurrences(of: "endTime cannot be in the future", with: "The session cannot end in the future")
            .replacingOccurrences(of: "startTime must be", with: "The date must be")
    }

    /// Where to go after a change: the page, celebrating when a goal or badge came of it.
    private func back(_ req: Request, _ child: ChildRecord, before: (goals: Int, badges: Int), message: String) async throws -> Response {
        let context = req.context
        let goals = try await LearningGoalService.list(for: child, status: "all", in: context).filter { $0.status == .completed }.count
        let badges = try await BadgeStore.earned(by: child.id, on: context.sql).count
        let celebrate = goals > before.goals ? "?celebrate=goal" : badges > before.badges ? "?celebrate=badge" : ""
        return Flash.redirect(req, to: SiteURL.learning(child: .value(child.id)).path + celebrate, message: message)
    }

    private func counts(_ req: Request, _ child: ChildRecord) async throws -> (goals: Int, badges: Int) {
        let goals = try await LearningGoalService.list(for: child, status: "all", in: req.context).filter { $0.status == .completed }.count
        return (goals, try await BadgeStore.earned(by: child.id, on: req.sql).count)
    }

    @Sendable func logSession(req: Request) async throws -> Response {
        let form = try req.content.decode(SessionForm.self)
        let record: (ChildRecord, AuthUser) async throws -> Response = { child, user in
            let before = try await counts(req, child)
            let input = try Self.session(form, for: child)
            let session = try await LearningSessionService.record(input, for: child, by: user.userID, in: req.context)
            return try await back(
                req, child, before: before,
                message: "Logged \(session.durationSeconds / 60) minutes of \(session.appName): +\(session.pointsEarned) points.")
        }
        return try await learningForm(req, keep: { $0.typedSession = TypedSession(form) }, record)
    }

    static func session(_ form: SessionForm, for child: ChildRecord) throws -> CreateLearningSessionDto {
        guard let bundle = form.bundleIdentifier, !bundle.isEmpty else { throw AppError.validation("Choose an app") }
        guard let day = try WebForms.date(form.date, "Date") else { throw AppError.validation("Date is required") }
        guard let time = TimeOfDay(parsing: form.start ?? "") else { throw AppError.validation("Start time must be a time such as 16:30") }
        guard let minutes = Int((form.minutes ?? "").trimmingCharacters(in: .whitespaces)), (1...1_440).contains(minutes) else {
            throw AppError.validation("Minutes must be a whole number from 1 to 1440")
        }
        let start = child.calendar.instant(at: time, on: child.calendar.start(fromWire: day))
        return CreateLearningSessionDto(
            childId: child.id, bundleIdentifier: bundle, startTime: start, endTime: start.addingTimeInterval(Double(minutes * 60)))
    }

    /// A CSV with a header `bundleIdentifier,startTime,endTime` (ISO 8601 instants). Every row is
    /// checked and recorded in one transaction: one bad row and nothing is imported.
    @Sendable func importSessions(req: Request) async throws -> Response {
        try await learningForm(req, parentOnly: true) { child, user in
            let form = try req.content.decode(ImportForm.self)
            let text = form.file.map { String(buffer: $0.data) } ?? form.csv ?? ""
            let rows = try SessionCSV.parse(text, childID: child.id)
            let before = try await counts(req, child)
            let context = req.context
            try await context.write { db in
                for row in rows { _ = try await LearningSessionService.record(row, for: child, by: user.userID, in: context.within(db)) }
            }
            return try await back(req, child, before: before, message: "Imported \(rows.count) sessions.")
        }
    }

    @Sendable func addGoal(req: Request) async throws -> Response {
        try await learningForm(req, parentOnly: true) { child, user in
            let form = try req.content.decode(GoalForm.self)
            guard let type = form.type.flatMap(LearningGoalType.init(parsing:)) else {
                throw AppError.validation("Choose what the goal counts")
            }
            guard let frequency = form.frequency.flatMap(LearningGoalFrequency.init(parsing:)) else {
                throw AppError.validation("Choose how often the goal runs")
            }
            guard let target = Double((form.targetValue ?? "").trimmingCharacters(in: .whitespaces)) else {
                throw AppError.validation("Target must be a number of \(type.unit)")
            }
            let input = CreateLearningGoalDto(
                childId: child.id, title: form.title ?? "", type: type, targetValue: target,
                bundleIdentifier: type == .appSpecific ? form.bundleIdentifier : nil, frequency: frequency,
                startDate: frequency == .custom ? try WebForms.date(form.startDate, "Start date") : nil,
                endDate: frequency == .custom ? try WebForms.date(form.endDate, "End date") : nil, isRecurring: form.isRecurring != nil)
            let goal = try await LearningGoalService.create(input, for: child, by: user, in: req.context)
            return Flash.redirect(
                req, to: SiteURL.learning(child: .value(child.id)).path, message: "\(goal.title) is set: \(Self.card(goal).progressText).")
        }
    }

    @Sendable func redeem(req: Request) async throws -> Response {
        try await learningForm(req) { child, user in
            let form = try req.content.decode(RedeemForm.self)
            guard let points = Int((form.points ?? "").trimmingCharacters(in: .whitespaces)) else {
                throw AppError.validation("Points must be a whole number")
            }
            let result = try await PointsService.redeem(
                PointsChangeDto(points: points, description: form.description ?? ""), for: child, by: user, in: req.context)
            let money = result.moneyCredited.map { " \($0.formatted) went to \(child.firstName)'s balance." } ?? ""
            return Flash.redirect(req, to: SiteURL.learning(child: .value(child.id)).path, message: "Redeemed \(points) points.\(money)")
        }
    }

    @Sendable func deleteGoal(req: Request) async throws -> Response {
        let (goal, child) = try await req.visibleLearningGoal(try req.uuidParameter("learningGoalId"))
        _ = try req.requireParent()
        try await LearningGoalService.delete(goal, in: req.context)
        return Flash.redirect(req, to: SiteURL.learning(child: .value(child.id)).path, message: "\(goal.title) was removed.")
    }

    // MARK: - The family's apps

    @Sendable func apps(req: Request) async throws -> Response {
        let parent = try req.requireParent()
        return try await req.render("learning-apps", "Learning Apps", section: "settings", try await appsPage(req, parent, error: nil))
    }

    /// The page; after a refusal, with the error and what the refused form had in it (`typed`:
    /// the settings form's; `AppsPage.app` and `.badge` the others').
    func appsPage(_ req: Request, _ parent: AuthUser, error: String?, typed: SettingsForm? = nil) async throws -> AppsPage {
        let apps = try await AppCategoryService.list(familyID: parent.familyID, on: req.database)
        let settings = try await LearningSettings.read(familyID: parent.familyID, on: req.sql)
        let plan = try await PlanService.plan(ofFamily: parent.familyID, in: req.context)
        return AppsPage(
            apps: apps, error: error, pointsPerDollar: typed?.pointsPerDollar ?? settings.pointsPerDollar.map(String.init) ?? "",
            streakReminderTime: typed?.streakReminderTime ?? settings.streakReminderTime ?? "18:00",
            customBadges: try await Self.customBadgeRows(ofFamily: parent.familyID, on: req.sql),
            badgeUpgrade: plan.refusal(.customBadges), reminderUpgrade: plan.refusal(.reminderTime))
    }

    /// Points per dollar (empty: points are not money) and the streak reminder's time.
    @Sendable func saveSettings(req: Request) async throws -> Response {
        let parent = try req.requireParent()
        let form = try req.content.decode(SettingsForm.self)
        do {
            let text = form.pointsPerDollar?.trimmingCharacters(in: .whitespaces) ?? ""
            guard let rate = text.isEmpty ? 0 : Int(text) else { throw AppError.validation("Points per dollar must be a whole number") }
            _ = try await LearningSettings.update(
                LearningSettingsDto(pointsPerDollar: rate, streakReminderTime: form.streakReminderTime), familyID: parent.familyID,
                in: req.context)
            return Flash.redirect(req, to: SiteURL.learningApps.path, message: "Learning settings saved.")
        } catch let error as AppError where error.status.code < 500 {
            return try await req.render(
                "learning-apps", "Learning Apps", section: "settings", try await appsPage(req, parent, error: error.message, typed: form),
                status: error.status)
        }
    }

    @Sendable func addApp(req: Request) async throws -> Response {
        let parent = try req.requireParent()
        let form = try req.content.decode(AppForm.self)
        do {
            let category = form.category.flatMap(AppCategoryKind.init(parsing:)) ?? .learning
            let rate = try form.pointsPerHour.flatMap { text -> Int? in
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty { return nil }
                guard let value = Int(trimmed) else { throw AppError.validation("Points per hour must be a whole number") }
                return value
            }
            let app = try await AppCategoryService.create(
                CreateAppCategoryDto(
                    appName: form.appName ?? "", bundleIdentifier: form.bundleIdentifier ?? "", category: category, pointsPerHour: rate),
                by: parent, in: req.context)
            return Flash.redirect(req, to: SiteURL.learningApps.path, message: "\(app.appName) was added.")
        } catch let error as AppError where error.status.code < 500 {
            var page = try await appsPage(req, parent, error: error.message)
            page.app = TypedApp(form)
            return try await req.render("learning-apps", "Learning Apps", section: "settings", page, status: error.status)
        }
    }

    @Sendable func deleteApp(req: Request) async throws -> Response {
        let app = try await req.appCategoryForParent(try req.uuidParameter("appCategoryId"))
        try await AppCategoryService.delete(app, in: req.context)
        return Flash.redirect(req, to: SiteURL.learningApps.path, message: "\(app.appName) was removed from the list.")
    }
}
