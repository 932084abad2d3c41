import AllowanceAPI
import AllowanceCore
import Vapor

/// The forms of the goal pages: create and edit, contribute, withdraw, pause and resume,
/// cancel, mark purchased, matching and challenges. Each calls the API's own service.
extension GoalPages {
    // MARK: - Create and edit

    struct GoalForm: Content {
        var name: String?, targetAmount: String?, category: String?, targetDate: String?, priority: String?
        var description: String?, imageUrl: String?, productUrl: String?, autoTransferType: String?, autoTransferAmount: String?
    }

    struct Option: Encodable { let value: String; let label: String; let selected: Bool }

    struct FormPage: Encodable {
        var goalId: UUID?
        var childId: UUID
        var childName: String
        var name = "", targetAmount = "", targetDate = "", priority = "1", description = "", imageUrl = "", productUrl = ""
        var autoTransferAmount = ""
        var categories: [Option] = []
        var autoTransferTypes: [Option] = []
        var error: String?
    }

    func formPage(child: ChildRecord, form: GoalForm?, goal: SavingsGoalDto? = nil) -> FormPage {
        var page = FormPage(goalId: goal?.id, childId: child.id, childName: child.firstName)
        page.name = form?.name ?? goal?.name ?? ""
        page.targetAmount = form?.targetAmount ?? goal?.targetAmount.plainText ?? ""
        // A target date is a calendar day kept as midnight UTC (GoalTargetDate).
        page.targetDate = form?.targetDate ?? goal?.targetDate.map { Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day().format($0) } ?? ""
        page.priority = form?.priority ?? goal.map { String($0.priority) } ?? "1"
        page.description = form?.description ?? goal?.description ?? ""
        page.imageUrl = form?.imageUrl ?? goal?.imageUrl ?? ""
        page.productUrl = form?.productUrl ?? goal?.productUrl ?? ""
        page.autoTransferAmount = form?.autoTransferAmount ?? goal.flatMap { $0.autoTransferType == .none ? nil : $0.autoTransferAmount.plainText } ?? ""
        let category = form?.category ?? goal.map { String($0.category.rawValue) } ?? String(GoalCategory.toy.rawValue)
        page.categories = GoalCategory.allCases.map { Option(value: String($0.rawValue), label: $0.name, selected: String($0.rawValue) == category) }
        let transfer = form?.autoTransferType ?? goal.map { String($0.autoTransferType.rawValue) } ?? "0"
        page.autoTransferTypes = [(AutoTransferType.none, "No automatic saving"), (.fixedAmount, "A fixed amount from each allowance"), (.percentage, "A percentage of each allowance")]
            .map { Option(value: String($0.0.rawValue), label: $0.1, selected: String($0.0.rawValue) == transfer) }
        return page
    }

    /// The form's fields as the API's values.
    struct GoalFields {
        var target: Money, category: GoalCategory?, targetDate: Date?, priority: Int?, transferType: AutoTransferType, transferAmount: Money?

        init(_ form: GoalForm) throws {
            target = try WebForms.amount(form.targetAmount)
            category = form.category.flatMap(Int.init).flatMap(GoalCategory.init(rawValue:))
            targetDate = try WebForms.date(form.targetDate, "Target date")
            if let text = form.priority?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
                guard let value = Int(text) else { throw AppError.validation("Priority must be a whole number") }
                priority = value
            }
            transferType = form.autoTransferType.flatMap(Int.init).flatMap(AutoTransferType.init(rawValue:)) ?? .none
            if transferType != .none {
                let text = form.autoTransferAmount?.trimmingCharacters(in: .whitespaces) ?? ""
                guard !text.isEmpty else { throw AppError.validation("Enter how much to save automatically") }
                transferAmount = try WebForms.amount(text)
            }
        }
    }

    @Sendable func newForm(req: Request) async throws -> Response {
        let child = try await req.visibleChild(try req.uuidParameter("childId"))
        return try await req.render("goal-form", "New Goal", section: "dashboard", formPage(child: child, form: nil))
    }

    @Sendable func create(req: Request) async throws -> Response {
        let user = try req.requireUser()
        let child = try await req.visibleChild(try req.uuidParameter("childId"))
        let form = try req.content.decode(GoalForm.self)
        do {
            let fields = try GoalFields(form)
            let goal = try await SavingsGoalService.create(CreateSavingsGoalDto(
                childId: child.id, name: form.name ?? "", description: form.description, targetAmount: fields.target,
                imageUrl: blankToNil(form.imageUrl), productUrl: blankToNil(form.productUrl), category: fields.category, targetDate: fields.targetDate,
                priority: fields.priority, autoTransferAmount: fields.transferAmount, autoTransferType: fields.transferType), by: user, on: req)
            return Flash.redirect(req, to: "/goals/\(goal.id)", message: "\(goal.name) was created. Every cent saved brings it closer!")
        } catch let error as AppError where error.status.code < 500 {
            var page = formPage(child: child, form: form)
            page.error = error.message
            return try await req.render("goal-form", "New Goal", section: "dashboard", page, status: error.status)
        }
    }

    @Sendable func editForm(req: Request) async throws -> Response {
        let access = try await req.goalForParent(try req.uuidParameter("goalId"))
        let goal = try await SavingsGoalService.show(access, on: req)
        return try await req.render("goal-form", "Edit \(goal.name)", section: "dashboard", formPage(child: access.child, form: nil, goal: goal))
    }

    @Sendable func update(req: Request) async throws -> Response {
        let access = try await req.goalForParent(try req.uuidParameter("goalId"))
        let form = try req.content.decode(GoalForm.self)
        do {
            let fields = try GoalFields(form)
            let goal = try await SavingsGoalService.update(access, with: UpdateSavingsGoalDto(
                name: form.name ?? "", description: form.description ?? "", targetAmount: fields.target, imageUrl: form.imageUrl ?? "",
                productUrl: form.productUrl ?? "", category: fields.category, targetDate: fields.targetDate, priority: fields.priority,
                autoTransferAmount: fields.transferAmount ?? .zero, autoTransferType: fields.transferType), on: req)
            return Flash.redirect(req, to: "/goals/\(goal.id)", message: "\(goal.name) was saved.")
        } catch let error as AppError where error.status.code < 500 {
            let goal = try await SavingsGoalService.show(access, on: req)
            var page = formPage(child: access.child, form: form, goal: goal)
            page.error = error.message
            return try await req.render("goal-form", "Edit \(goal.name)", section: "dashboard", page, status: error.status)
        }
    }

    // MARK: - Actions

    struct ActionForm: Content {
        var amount: String?, note: String?, type: String?, ratio: String?, maxMatch: String?, expires: String?
        var targetAmount: String?, endDate: String?, bonusAmount: String?
    }

    @Sendable func act(req: Request) async throws -> Response {
        let access = try await req.visibleGoal(try req.uuidParameter("goalId"))
        let action = req.parameters.get("action") ?? ""
        let form = try req.content.decode(ActionForm.self)
        let back = "/goals/\(access.goal.id)"
        do {
            switch action {
            case "contribute":
                let event = try await GoalMoneyService.contribute(
                    access, ContributeToGoalDto(amount: try WebForms.amount(form.amount), description: blankToNil(form.note)), on: req)
                let match = event.matchAmountAdded.map { $0.isPositive ? " Parent match: +\($0.formatted)." : "" } ?? ""
                let celebrate = event.isCompleted ? "done" : event.challengeCompleted ? "challenge" : event.milestoneReached.map { String($0.percentComplete) }
                let message = "Saved \(try WebForms.amount(form.amount).formatted) toward \(event.goalName).\(match) Now \(event.newAmount.formatted) of \(event.targetAmount.formatted)."
                return Flash.redirect(req, to: back + (celebrate.map { "?celebrate=\($0)" } ?? ""), message: message)
            case "withdraw":
                try requireParent(access)
                let row = try await GoalMoneyService.withdraw(access, WithdrawFromGoalDto(amount: try WebForms.amount(form.amount), reason: blankToNil(form.note)), on: req)
                return Flash.redirect(req, to: back, message: "Returned \(row.amount.magnitude.formatted) to \(access.child.firstName)'s balance.")
            case "pause":
                try requireParent(access)
                _ = try await SavingsGoalService.pause(access, on: req)
                return Flash.redirect(req, to: back, message: "\(access.goal.name) is paused; automatic saving skips it.")
            case "resume":
                try requireParent(access)
                _ = try await SavingsGoalService.resume(access, on: req)
                return Flash.redirect(req, to: back, message: "\(access.goal.name) is active again.")
            case "cancel":
                try requireParent(access)
                try await GoalMoneyService.cancel(access, on: req)
                return Flash.redirect(req, to: "/children/\(access.child.id)/goals", message: "\(access.goal.name) was cancelled; its money went back to \(access.child.firstName)'s balance.")
            case "purchase":
                try requireParent(access)
                _ = try await GoalMoneyService.purchase(access, MarkGoalPurchasedDto(notes: blankToNil(form.note)), on: req)
                return Flash.redirect(req, to: back, message: "\(access.goal.name) was bought. Enjoy it!")
            case "matching":
                try requireParent(access)
                guard let type = form.type.flatMap(Int.init).flatMap(MatchingType.init(rawValue:)) else { throw AppError.validation("Choose a kind of matching") }
                guard let ratio = form.ratio.flatMap({ MatchRatio($0.trimmingCharacters(in: .whitespaces)) }) else {
                    throw AppError.validation("Ratio must be a number, such as 0.5 for $1 for every $2, or 50 for 50%")
                }
                let max = try form.maxMatch.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : try WebForms.amount($0) }
                let rule = try await MatchingRuleService.create(access, CreateMatchingRuleDto(type: type, matchRatio: ratio, maxMatchAmount: max, expiresAt: try WebForms.date(form.expires, "Expiry date")), on: req)
                return Flash.redirect(req, to: back, message: "Matching is on: \(rule.typeDescription).")
            case "matching-off":
                try requireParent(access)
                try await MatchingRuleService.delete(access, on: req)
                return Flash.redirect(req, to: back, message: "Matching was removed.")
            case "challenge":
                try requireParent(access)
                guard let end = try WebForms.date(form.endDate, "End date") else { throw AppError.validation("End date is required") }
                let challenge = try await GoalChallengeService.create(access, CreateGoalChallengeDto(
                    targetAmount: try WebForms.amount(form.targetAmount), endDate: end, bonusAmount: try WebForms.amount(form.bonusAmount),
                    description: blankToNil(form.note)), on: req)
                let calendar = access.child.calendar
                return Flash.redirect(req, to: back, message: "Challenge on: save \(challenge.targetAmount.formatted) by \(calendar.displayDate(calendar.lastDay(of: challenge.endDate))) for a \(challenge.bonusAmount.formatted) bonus.")
            case "challenge-cancel":
                try requireParent(access)
                try await GoalChallengeService.cancel(access, on: req)
                return Flash.redirect(req, to: back, message: "The challenge was cancelled.")
            default:
                throw AppError.notFound("Action")
            }
        } catch let error as AppError where error.status.code < 500 && error.code != "not_found" {
            if error.code == "parent_only" { throw error }
            let access = try await req.visibleGoal(access.goal.id)
            return try await req.render("goal", access.goal.name, section: "dashboard", try await detail(req, access, error: error.message), status: error.status)
        }
    }

    private func requireParent(_ access: GoalAccess) throws {
        guard access.user.isParent else { throw AppError.parentOnly }
    }

    private func blankToNil(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        return text
    }
}
