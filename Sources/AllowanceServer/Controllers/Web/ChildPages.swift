import AllowanceAPI
import AllowanceCore
import Vapor

/// A child's piggy bank (piggy-bank.md): balance, chart, history, add and subtract funds,
/// quick −$5, rename, delete with confirmation; and adding a child (app-screens.md 1.3).
struct ChildPages: RouteCollection {
    static let quickSubtract = Money(cents: 5_00)

    func boot(routes: any RoutesBuilder) throws {
        let children = routes.grouped("children")
        children.get("new", use: newForm)
        children.post("new", use: create)
        children.get(":childId", use: show)
        children.post(":childId", "money", use: moveMoney)
        children.post(":childId", "quick-subtract", use: quickSubtract)
        children.post(":childId", "templates", ":templateId", use: useTemplate)
        children.post(":childId", "rename", use: rename)
        children.post(":childId", "allowance", ":action", use: allowance)
        children.get(":childId", "delete", use: deleteConfirm)
        children.post(":childId", "delete", use: delete)
    }

    // MARK: - Show

    struct ChildPage: Encodable {
        let id: UUID
        let name: String
        let firstName: String
        let lastName: String
        let balance: MoneyText
        let weeklyAllowance: String
        let allowanceDay: String
        let nextPayment: String
        let allowancePaused: Bool
        let chart: String
        let history: [TransactionRow]
        let hasMore: Bool
        let moreLimit: Int
        let canEdit: Bool
        let quickSubtract: String
        let canQuickSubtract: Bool
        let templates: [TemplateButton]
        let goals: [GoalPages.GoalRow]
        var error: String?
        var formAmount = ""
        var formNote = ""
        var formType = "Debit"
    }

    /// A quick-add template: one click with its default amount, or an amount to enter.
    struct TemplateButton: Encodable {
        let id: UUID
        let name: String
        let label: String
        let isCredit: Bool
        let hasDefault: Bool
    }

    private func childPage(_ req: Request, _ child: ChildRecord, error: String? = nil) async throws -> ChildPage {
        let user = try req.requireUser()
        let templates = user.isParent ? try await TemplateService.list(for: user, on: req) : []
        let goals = try await SavingsGoalService.list(child: child, status: nil, includeCompleted: false, on: req)
        let limit = min(max(Int(req.query[String.self, at: "limit"] ?? "") ?? 20, 20), 500)
        let now = req.now
        let history = try await LedgerService.list(childID: child.id, filter: LedgerFilter(limit: limit), on: req.db())
        let points = try await BalanceHistory.endOfDayBalances(for: child, days: 60, now: now, on: req.db())
        let schedule = AllowanceSchedule(day: child.allowanceDay, calendar: child.calendar)
        let next = countdownText(days: schedule.daysUntilNextPayday(from: now))
        return ChildPage(
            id: child.id, name: child.fullName, firstName: child.firstName, lastName: child.lastName, balance: MoneyText(child.balance),
            weeklyAllowance: child.weeklyAllowance.formatted, allowanceDay: child.allowanceDay.name,
            nextPayment: child.allowancePaused ? "Paused" : next, allowancePaused: child.allowancePaused,
            chart: Charts.balanceLine(points), history: history.transactions.map { TransactionRow($0, calendar: child.calendar) },
            hasMore: history.hasMore, moreLimit: limit + 20, canEdit: user.isParent, quickSubtract: Self.quickSubtract.formatted,
            canQuickSubtract: child.balance >= Self.quickSubtract,
            templates: templates.map { template in
                TemplateButton(
                    id: template.id, name: template.name,
                    label: template.defaultAmount.map { "\(template.name) \(template.type == .credit ? "+" : "−")\($0.formatted)" } ?? template.name,
                    isCredit: template.type == .credit, hasDefault: template.defaultAmount != nil)
            },
            goals: goals.map(GoalPages.row),
            error: error)
    }

    @Sendable func show(req: Request) async throws -> Response {
        let child = try await req.visibleChild(try req.uuidParameter("childId"))
        return try await req.render("child", child.firstName, section: "dashboard", try await childPage(req, child))
    }

    // MARK: - Money

    struct MoneyForm: Content {
        var amount: String?
        var type: String?
        var note: String?
    }

    @Sendable func moveMoney(req: Request) async throws -> Response {
        let (parent, child) = try await req.childForParent(try req.uuidParameter("childId"))
        let form = try req.content.decode(MoneyForm.self)
        let type: TransactionType = form.type == TransactionType.credit.rawValue ? .credit : .debit
        do {
            let amount = try WebForms.amount(form.amount)
            let note = form.note?.trimmingCharacters(in: .whitespaces) ?? ""
            let description = note.isEmpty ? (type == .credit ? "Money added" : "Money spent") : note
            let entry = try await TransactionService.create(
                CreateTransactionRequest(childId: child.id, amount: amount, type: type, description: description), by: parent, on: req)
            let verb = type == .credit ? "Added" : "Subtracted"
            return Flash.redirect(req, to: "/children/\(child.id)", message: "\(verb) \(amount.formatted). \(child.firstName) now has \(entry.balanceAfter.formatted).")
        } catch let error as AppError where error.status.code < 500 {
            var page = try await childPage(req, child, error: error.message)
            page.formAmount = form.amount ?? ""
            page.formNote = form.note ?? ""
            page.formType = type.rawValue
            return try await req.render("child", child.firstName, section: "dashboard", page, status: error.status)
        }
    }

    struct QuickForm: Content { var note: String? }

    @Sendable func quickSubtract(req: Request) async throws -> Response {
        let (parent, child) = try await req.childForParent(try req.uuidParameter("childId"))
        let note = (try req.content.decode(QuickForm.self).note ?? "").trimmingCharacters(in: .whitespaces)
        let back = (req.headers.first(name: .referer).flatMap { URL(string: $0)?.path } == "/dashboard") ? "/dashboard" : "/children/\(child.id)"
        do {
            let entry = try await TransactionService.create(
                CreateTransactionRequest(childId: child.id, amount: Self.quickSubtract, type: .debit, description: note.isEmpty ? "Quick spend" : note),
                by: parent, on: req)
            return Flash.redirect(req, to: back, message: "Subtracted \(Self.quickSubtract.formatted) from \(child.firstName). New balance: \(entry.balanceAfter.formatted).")
        } catch let error as AppError where error.status.code < 500 {
            return Flash.redirect(req, to: back, message: error.message)
        }
    }

    struct TemplateForm: Content { var amount: String? }

    @Sendable func useTemplate(req: Request) async throws -> Response {
        let (parent, child) = try await req.childForParent(try req.uuidParameter("childId"))
        let templateID = try req.uuidParameter("templateId")
        let typed = try req.content.decode(TemplateForm.self).amount?.trimmingCharacters(in: .whitespaces) ?? ""
        do {
            let amount = typed.isEmpty ? nil : try WebForms.amount(typed)
            let entry = try await TemplateUseService.use(templateID, UseTemplateDto(childId: child.id, amount: amount), by: parent, on: req)
            let sign = entry.type == .credit ? "+" : "−"
            return Flash.redirect(req, to: "/children/\(child.id)", message: "\(entry.description): \(sign)\(entry.amount.formatted). \(child.firstName) now has \(entry.balanceAfter.formatted).")
        } catch let error as AppError where error.status.code < 500 && error.status != .notFound {
            return try await req.render("child", child.firstName, section: "dashboard", try await childPage(req, child, error: error.message), status: error.status)
        }
    }

    /// Pauses or resumes the weekly allowance: paydays while paused are skipped, not owed.
    @Sendable func allowance(req: Request) async throws -> Response {
        let child = try await req.childForParent(try req.uuidParameter("childId")).child
        switch req.parameters.get("action") {
        case "pause":
            _ = try await AllowancePauseService.pause(child, on: req)
            return Flash.redirect(req, to: "/children/\(child.id)", message: "\(child.firstName)'s allowance is paused. Paydays are skipped until you resume it.")
        case "resume":
            _ = try await AllowancePauseService.resume(child, on: req)
            return Flash.redirect(req, to: "/children/\(child.id)", message: "\(child.firstName)'s allowance is back on from the next \(child.allowanceDay.name).")
        default:
            throw AppError.notFound("Action")
        }
    }

    // MARK: - Rename and delete

    struct RenameForm: Content { var firstName: String?; var lastName: String? }

    @Sendable func rename(req: Request) async throws -> Response {
        let child = try await req.childForParent(try req.uuidParameter("childId")).child
        let form = try req.content.decode(RenameForm.self)
        do {
            let updated = try await ChildService.update(child, with: UpdateChildRequest(firstName: form.firstName ?? "", lastName: form.lastName ?? child.lastName), on: req)
            return Flash.redirect(req, to: "/children/\(child.id)", message: "Renamed to \(updated.fullName).")
        } catch let error as AppError where error.status.code < 500 {
            return try await req.render("child", child.firstName, section: "dashboard", try await childPage(req, child, error: error.message), status: error.status)
        }
    }

    struct DeletePage: Encodable { let id: UUID; let name: String; let balance: String }

    @Sendable func deleteConfirm(req: Request) async throws -> Response {
        let child = try await req.childForParent(try req.uuidParameter("childId")).child
        return try await req.render("child-delete", "Delete \(child.firstName)?", section: "dashboard",
                                    DeletePage(id: child.id, name: child.fullName, balance: child.balance.formatted))
    }

    @Sendable func delete(req: Request) async throws -> Response {
        let child = try await req.childForParent(try req.uuidParameter("childId")).child
        try await ChildService.delete(child, on: req)
        return Flash.redirect(req, to: "/dashboard", message: "\(child.firstName)'s piggy bank was deleted.")
    }

    // MARK: - Add a child

    struct NewChildForm: Content {
        var email: String?, password: String?, confirmPassword: String?, firstName: String?, lastName: String?
        var weeklyAllowance: String?, allowanceDay: String?, initialBalance: String?
    }

    struct NewChildPage: Encodable {
        var email = "", firstName = "", lastName = "", weeklyAllowance = "", initialBalance = ""
        var days: [Day] = []
        var error: String?
        struct Day: Encodable { let value: Int; let name: String; let selected: Bool }
        init(day: Weekday = .saturday) { days = Weekday.allCases.map { Day(value: $0.rawValue, name: $0.name, selected: $0 == day) } }
    }

    @Sendable func newForm(req: Request) async throws -> Response {
        _ = try req.requireParent()
        return try await req.render("child-new", "Add Child", section: "dashboard", NewChildPage())
    }

    @Sendable func create(req: Request) async throws -> Response {
        let parent = try req.requireParent()
        let form = try req.content.decode(NewChildForm.self)
        let day = Weekday(rawValue: Int(form.allowanceDay ?? "") ?? 6) ?? .saturday
        var page = NewChildPage(day: day)
        page.email = form.email ?? ""
        page.firstName = form.firstName ?? ""
        page.lastName = form.lastName ?? ""
        page.weeklyAllowance = form.weeklyAllowance ?? ""
        page.initialBalance = form.initialBalance ?? ""
        do {
            // The screen's checks in its order (app-screens.md 1.3), then the service's.
            if let problem = AccountValidation.emailProblem(page.email) ?? AccountValidation.newPasswordProblem(form.password ?? "") {
                throw AppError.validation(problem)
            }
            guard form.password == form.confirmPassword else { throw AppError.validation("Passwords do not match") }
            if let problem = AccountValidation.requiredProblem(page.firstName, label: "First name") ?? AccountValidation.requiredProblem(page.lastName, label: "Last name") {
                throw AppError.validation(problem)
            }
            guard !page.weeklyAllowance.trimmingCharacters(in: .whitespaces).isEmpty else { throw AppError.validation("Weekly allowance is required") }
            guard let allowance = try? Money(parsing: page.weeklyAllowance), !allowance.isNegative else {
                throw AppError.validation("Please enter a valid allowance amount")
            }
            let opening = page.initialBalance.trimmingCharacters(in: .whitespaces).isEmpty ? Money.zero : try WebForms.amount(page.initialBalance, allowZero: true)
            let child = try await AccountService.registerChild(
                RegisterChildRequest(
                    email: page.email, password: form.password ?? "", firstName: page.firstName, lastName: page.lastName,
                    weeklyAllowance: allowance, allowanceDay: day, initialBalance: opening), by: parent, on: req)
            return Flash.redirect(req, to: "/children/\(child.id)", message: "\(child.firstName) was added with \(child.currentBalance.formatted).")
        } catch let error as AppError where error.status.code < 500 {
            page.error = error.message
            return try await req.render("child-new", "Add Child", section: "dashboard", page, status: error.status)
        }
    }
}

/// Reading what people type into form fields.
enum WebForms {
    /// A date from `<input type="date">` ("2026-12-01"), as the API's bare date; blank is nil.
    static func date(_ text: String?, _ label: String) throws -> Date? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        guard let date = ISO8601Wire.parse(text) else { throw AppError.validation("\(label) must be a date") }
        return date
    }

    static func amount(_ text: String?, allowZero: Bool = false) throws -> Money {
        let text = text?.trimmingCharacters(in: .whitespaces) ?? ""
        guard !text.isEmpty else { throw AppError.validation("Amount is required") }
        do {
            let amount = try Money(parsing: text)
            if allowZero { return try InputRules.nonNegativeAmount(amount, "Amount") }
            return try InputRules.positiveAmount(amount)
        } catch let error as MoneyParseError {
            throw AppError.validation("Amount \(error.message)")
        }
    }
}
