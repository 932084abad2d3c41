import AllowanceAPI
import AllowanceCore
import Vapor

/// A child's piggy bank (the Piggy Bank document): balance, chart, history, add and subtract funds,
/// quick −$5, rename, delete with confirmation; and adding a child (the App Screens document 1.3).
struct ChildPages: RouteCollection {
    /// The most ledger rows the page shows ("Load more" adds 20 at a time).
    static let maxRows = 500

    static let quickSubtract = Money(cents: 5_00)

    func boot(routes: any RoutesBuilder) throws {
        routes.get(SiteURL.childNew.pathComponents, use: newForm)
        routes.post(SiteURL.childNew.pathComponents, use: create)
        routes.get(SiteURL.child(.key).pathComponents, use: show)
        routes.post(SiteURL.childAction(.key, .money).pathComponents, use: moveMoney)
        routes.post(SiteURL.childAction(.key, .quickSubtract).pathComponents, use: quickSubtract)
        routes.post(SiteURL.childTemplate(.key, template: .key).pathComponents, use: useTemplate)
        routes.post(SiteURL.childAction(.key, .rename).pathComponents, use: rename)
        routes.post(SiteURL.childAction(.key, .login).pathComponents, use: giveLogin)
        routes.post(SiteURL.childAction(.key, .pauseAllowance).pathComponents, use: pauseAllowance)
        routes.post(SiteURL.childAction(.key, .resumeAllowance).pathComponents, use: resumeAllowance)
        routes.get(SiteURL.childAction(.key, .delete).pathComponents, use: deleteConfirm)
        routes.post(SiteURL.childAction(.key, .delete).pathComponents, use: delete)
    }

    // MARK: - Show

    private func childPage(
        _ req: Request, _ child: ChildRecord, error: String? = nil, typed: QuickAdd.Typed? = nil, formTyped: Forms.Typed = .init()
    ) async throws -> ChildPage {
        let user = try req.requireUser()
        let templates = try await TemplateService.list(for: user, withUsage: false, in: req.context)
        let goals = try await SavingsGoalService.list(
            child: child, status: nil, includeCompleted: false, milestones: false, in: req.context)
        let limit = max(try req.query.int("limit", in: 1...Self.maxRows) ?? 20, 20)
        let now = req.now
        let history = try await LedgerService.list(childID: child.id, filter: LedgerFilter(limit: limit), on: req.sql)
        let points = try await BalanceHistory.endOfDayBalances(for: child, days: 60, now: now, on: req.sql)
        let next = child.daysUntilNextPayday(now: now)
        let learning = try await LearningGlance.text(ofChild: child.id, calendar: child.calendar, in: req.context)
        return ChildPage(
            id: child.id, name: child.fullName, firstName: child.firstName, lastName: child.lastName,
            avatar: Avatar(id: child.id, firstName: child.firstName, lastName: child.lastName), balance: MoneyText(child.balance),
            weeklyAllowance: child.weeklyAllowance.formatted, allowanceDay: child.allowanceDay.name,
            nextPayment: nextPaydayText(days: next, paused: child.allowancePaused), allowancePaused: child.allowancePaused,
            chart: Charts.balanceLine(points),
            history: try await TransactionRow.html(history.transactions, calendar: child.calendar, on: req),
            // Past the most rows the page shows, its "Load more" would be refused; the
            // transactions page (the history's "Search and filter") goes further.
            hasMore: history.hasMore && limit < Self.maxRows, moreLimit: min(limit + 20, Self.maxRows), canEdit: user.isParent,
            quickAdd: try await QuickAdd(child: child, templates: templates, isParent: user.isParent, typed: typed).html(on: req),
            goals: try await GoalPages.GoalRow.html(goals, on: req), learning: learning,
            forms: user.isParent
                ? try await Forms(
                    id: child.id, csrf: CSRFMiddleware.token(for: req), firstName: child.firstName, lastName: child.lastName,
                    quickSubtract: Self.quickSubtract.formatted, canQuickSubtract: child.balance >= Self.quickSubtract,
                    hasLogin: child.email != nil, hasError: error != nil, typed: formTyped
                ).html(on: req) : "",
            error: error)
    }

    @Sendable func show(req: Request) async throws -> Response {
        let child = try await req.visibleChild(try req.uuidParameter("childId"))
        return try await req.render("child", child.firstName, section: "dashboard", try await childPage(req, child))
    }

    // MARK: - Money

    @Sendable func moveMoney(req: Request) async throws -> Response {
        let (parent, child) = try await req.childForParent(try req.uuidParameter("childId"))
        let form = try req.content.decode(MoneyForm.self)
        let type: TransactionType = form.type == TransactionType.credit.rawValue ? .credit : .debit
        do {
            let amount = try WebForms.amount(form.amount)
            let note = form.note?.trimmingCharacters(in: .whitespaces) ?? ""
            let description = note.isEmpty ? (type == .credit ? "Money added" : "Money spent") : note
            let entry = try await TransactionService.create(
                CreateTransactionRequest(childId: child.id, amount: amount, type: type, description: description), for: child, by: parent,
                in: req.context)
            let verb = type == .credit ? "Added" : "Subtracted"
            return Flash.redirect(
                req, to: SiteURL.child(.value(child.id)).path,
                message: "\(verb) \(amount.formatted). \(child.firstName) now has \(entry.balanceAfter.formatted).")
        } catch let error as AppError where error.status.code < 500 {
            let page = try await childPage(
                req, child, error: error.message,
                formTyped: Forms.Typed(amount: form.amount ?? "", note: form.note ?? "", type: type.rawValue))
            return try await req.render("child", child.firstName, section: "dashboard", page, status: error.status)
        }
    }

    @Sendable func quickSubtract(req: Request) async throws -> Response {
        let (parent, child) = try await req.childForParent(try req.uuidParameter("childId"))
        let note = (try req.content.decode(QuickForm.self).note ?? "").trimmingCharacters(in: .whitespaces)
        let back =
            (req.headers.first(name: .referer).flatMap { URL(string: $0)?.path } == SiteURL.dashboard.path)
            ? SiteURL.dashboard.path : SiteURL.child(.value(child.id)).path
        do {
            let entry = try await TransactionService.create(
                CreateTransactionRequest(
                    childId: child.id, amount: Self.quickSubtract, type: .debit, description: note.isEmpty ? "Quick spend" : note),
                for: child, by: parent, in: req.context)
            return Flash.redirect(
                req, to: back,
                message: "Subtracted \(Self.quickSubtract.formatted) from \(child.firstName). New balance: \(entry.balanceAfter.formatted)."
            )
        } catch let error as AppError where error.status.code < 500 {
            return Flash.redirect(req, to: back, message: error.message)
        }
    }

    /// A template used from a child's page (a parent) or from the child's own page or
    /// dashboard (the child, for their own spending); it answers on the page it came from.
    @Sendable func useTemplate(req: Request) async throws -> Response {
        let child = try await req.visibleChild(try req.uuidParameter("childId"))
        let templateID = try req.uuidParameter("templateId")
        let form = try req.content.decode(TemplateForm.self)
        let typed = form.amount?.trimmingCharacters(in: .whitespaces) ?? ""
        let isParent = try req.requireUser().isParent
        let fromDashboard = form.from == "dashboard" && !isParent
        do {
            let amount = typed.isEmpty ? nil : try WebForms.amount(typed)
            let (user, template, _) = try await req.templateToUse(templateID, forChild: child.id)
            let entry = try await TemplateUseService.use(
                template, for: child, UseTemplateDto(childId: child.id, amount: amount), by: user, in: req.context)
            let sign = entry.type == .credit ? "+" : "−"
            let who = user.isParent ? "\(child.firstName) now has" : "You now have"
            return Flash.redirect(
                req, to: fromDashboard ? SiteURL.dashboard.path : SiteURL.child(.value(child.id)).path,
                message: "\(entry.description): \(sign)\(entry.amount.formatted). \(who) \(entry.balanceAfter.formatted).")
        } catch let error as AppError where error.status.code < 500 && error.status != .notFound {
            let kept = typed.isEmpty ? nil : QuickAdd.Typed(template: templateID, amount: typed)
            if fromDashboard {
                return try await DashboardPages.childDashboard(req, error: error.message, status: error.status, typed: kept)
            }
            return try await req.render(
                "child", child.firstName, section: "dashboard", try await childPage(req, child, error: error.message, typed: kept),
                status: error.status)
        }
    }

    /// Pauses the weekly allowance: paydays while paused are skipped, not owed.
    @Sendable func pauseAllowance(req: Request) async throws -> Response {
        let child = try await req.childForParent(try req.uuidParameter("childId")).child
        _ = try await AllowancePauseService.pause(child, in: req.context)
        return Flash.redirect(
            req, to: SiteURL.child(.value(child.id)).path,
            message: "\(child.firstName)'s allowance is paused. Paydays are skipped until you resume it.")
    }

    @Sendable func resumeAllowance(req: Request) async throws -> Response {
        let child = try await req.childForParent(try req.uuidParameter("childId")).child
        _ = try await AllowancePauseService.resume(child, in: req.context)
        return Flash.redirect(
            req, to: SiteURL.child(.value(child.id)).path,
            message: "\(child.firstName)'s allowance is back on from the next \(child.allowanceDay.name).")
    }

    // MARK: - Rename and delete

    @Sendable func rename(req: Request) async throws -> Response {
        let child = try await req.childForParent(try req.uuidParameter("childId")).child
        let form = try req.content.decode(RenameForm.self)
        do {
            let updated = try await ChildService.update(
                child, with: UpdateChildRequest(firstName: form.firstName ?? "", lastName: form.lastName ?? child.lastName), in: req.context
            )
            return Flash.redirect(req, to: SiteURL.child(.value(child.id)).path, message: "Renamed to \(updated.fullName).")
        } catch let error as AppError where error.status.code < 500 {
            return try await req.render(
                "child", child.firstName, section: "dashboard", try await childPage(req, child, error: error.message), status: error.status)
        }
    }

    /// Gives a child added without a login an email and password.
    @Sendable func giveLogin(req: Request) async throws -> Response {
        let child = try await req.childForParent(try req.uuidParameter("childId")).child
        let form = try req.content.decode(LoginForm.self)
        do {
            guard form.password == form.confirmPassword else { throw AppError.validation("Passwords do not match") }
            let updated = try await AccountService.giveLogin(
                ChildLoginDto(email: form.email ?? "", password: form.password ?? ""), to: child, in: req.context)
            return Flash.redirect(
                req, to: SiteURL.child(.value(child.id)).path,
                message: "\(updated.firstName) can now sign in as \(updated.email ?? "").")
        } catch let error as AppError where error.status.code < 500 {
            let page = try await childPage(req, child, error: error.message, formTyped: Forms.Typed(loginEmail: form.email ?? ""))
            return try await req.render("child", child.firstName, section: "dashboard", page, status: error.status)
        }
    }

    @Sendable func deleteConfirm(req: Request) async throws -> Response {
        let child = try await req.childForParent(try req.uuidParameter("childId")).child
        // From the dashboard's list, Cancel goes back there; from the child's page, back to it.
        let back = req.query[String.self, at: "from"] == "dashboard" ? SiteURL.dashboard : .child(.value(child.id))
        return try await req.render(
            "child-delete", "Delete \(child.firstName)?", section: "dashboard",
            DeletePage(id: child.id, name: child.fullName, balance: child.balance.formatted, cancelPath: back.path))
    }

    @Sendable func delete(req: Request) async throws -> Response {
        let child = try await req.childForParent(try req.uuidParameter("childId")).child
        try await ChildService.delete(child, in: req.context)
        return Flash.redirect(req, to: SiteURL.dashboard.path, message: "\(child.firstName)'s piggy bank was deleted.")
    }

    // MARK: - Add a child

    @Sendable func newForm(req: Request) async throws -> Response {
        _ = try req.requireParent()
        return try await req.render("child-new", "Add Child", section: "dashboard", NewChildPage())
    }

    @Sendable func create(req: Request) async throws -> Response {
        let parent = try req.requireParent()
        let form = try req.content.decode(NewChildForm.self)
        let day = Weekday(rawValue: Int(form.allowanceDay ?? "") ?? 6) ?? .saturday
        var page = NewChildPage(day: day)
        page.withoutLogin = form.signIn == "none"
        page.email = form.email ?? ""
        page.firstName = form.firstName ?? ""
        page.lastName = form.lastName ?? ""
        page.weeklyAllowance = form.weeklyAllowance ?? ""
        page.initialBalance = form.initialBalance ?? ""
        do {
            if page.withoutLogin { return try await createWithoutLogin(req, page, day: day, by: parent) }
            // The screen's checks in its order (the App Screens document 1.3), then the service's.
            if let problem = AccountValidation.emailProblem(page.email) ?? AccountValidation.newPasswordProblem(form.password ?? "") {
                throw AppError.validation(problem)
            }
            guard form.password == form.confirmPassword else { throw AppError.validation("Passwords do not match") }
            if let problem = AccountValidation.requiredProblem(page.firstName, label: "First name")
                ?? AccountValidation.requiredProblem(page.lastName, label: "Last name")
            {
                throw AppError.validation(problem)
            }
            guard !page.weeklyAllowance.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw AppError.validation("Weekly allowance is required")
            }
            guard let allowance = try? Money(parsing: page.weeklyAllowance), !allowance.isNegative else {
                throw AppError.validation("Please enter a valid allowance amount")
            }
            let opening =
                page.initialBalance.trimmingCharacters(in: .whitespaces).isEmpty
                ? Money.zero : try WebForms.amount(page.initialBalance, allowZero: true)
            let child = try await AccountService.registerChild(
                RegisterChildRequest(
                    email: page.email, password: form.password ?? "", firstName: page.firstName, lastName: page.lastName,
                    weeklyAllowance: allowance, allowanceDay: day, initialBalance: opening), by: parent, in: req.context)
            return Flash.redirect(
                req, to: SiteURL.child(.value(child.id)).path,
                message: "\(child.firstName) was added with \(child.currentBalance.formatted).")
        } catch let error as AppError where error.status.code < 500 {
            page.error = error.message
            return try await req.render("child-new", "Add Child", section: "dashboard", page, status: error.status)
        }
    }

    /// A child by name only (the piggy bank's tally): no email or password; an empty weekly
    /// allowance means none.
    private func createWithoutLogin(_ req: Request, _ page: NewChildPage, day: Weekday, by parent: AuthUser) async throws -> Response {
        let blank = { (text: String) in text.trimmingCharacters(in: .whitespaces).isEmpty }
        let allowance = blank(page.weeklyAllowance) ? Money.zero : try WebForms.amount(page.weeklyAllowance, allowZero: true)
        let opening = blank(page.initialBalance) ? Money.zero : try WebForms.amount(page.initialBalance, allowZero: true)
        let child = try await AccountService.createChild(
            CreateChildDto(
                firstName: page.firstName, lastName: page.lastName, weeklyAllowance: allowance, allowanceDay: day,
                initialBalance: opening), by: parent, in: req.context)
        return Flash.redirect(
            req, to: SiteURL.child(.value(child.id)).path, message: "\(child.firstName) was added with \(child.currentBalance.formatted).")
    }
}
