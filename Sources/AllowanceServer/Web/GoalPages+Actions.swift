import AllowanceAPI
import AllowanceCore
import Vapor

/// The forms of the goal pages: create and edit, contribute, withdraw, gift, pause and resume,
/// cancel, mark purchased, matching and challenges. Each calls the API's own service.
extension GoalPages {
    // MARK: - Create and edit

    func formPage(child: ChildRecord, form: GoalForm?, goal: SavingsGoalDto? = nil) -> FormPage {
        var page = FormPage(goalId: goal?.id, childId: child.id, childName: child.firstName)
        page.name = form?.name ?? goal?.name ?? ""
        page.targetAmount = form?.targetAmount ?? goal?.targetAmount.plainText ?? ""
        // A target date is a calendar day kept as midnight UTC (GoalTargetDate).
        page.targetDate =
            form?.targetDate ?? goal?.targetDate.map { Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day().format($0) } ?? ""
        page.priority = form?.priority ?? goal.map { String($0.priority) } ?? "1"
        page.description = form?.description ?? goal?.description ?? ""
        page.imageUrl = form?.imageUrl ?? goal?.imageUrl ?? ""
        page.productUrl = form?.productUrl ?? goal?.productUrl ?? ""
        page.autoTransferAmount =
            form?.autoTransferAmount ?? goal.flatMap { $0.autoTransferType == .none ? nil : $0.autoTransferAmount.plainText } ?? ""
        let category = form?.category ?? goal.map { String($0.category.rawValue) } ?? String(GoalCategory.toy.rawValue)
        page.categories = GoalCategory.allCases.map {
            Option(value: String($0.rawValue), label: $0.name, selected: String($0.rawValue) == category)
        }
        let transfer = form?.autoTransferType ?? goal.map { String($0.autoTransferType.rawValue) } ?? "0"
        page.autoTransferTypes = [
            (AutoTransferType.none, "No automatic saving"), (.fixedAmount, "A fixed amount from each allowance"),
            (.percentage, "A percentage of each allowance"),
        ]
        .map { Option(value: String($0.0.rawValue), label: $0.1, selected: String($0.0.rawValue) == transfer) }
        return page
    }

    /// The form's fields as the API's values.
    struct GoalFields {
        var target: Money, category: GoalCategory?, targetDate: Date?, priority: Int?, transferType: AutoTransferType,
            transferAmount: Money?

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
            let goal = try await SavingsGoalService.create(
                CreateSavingsGoalDto(
                    childId: child.id, name: form.name ?? "", description: form.description, targetAmount: fields.target,
                    imageUrl: blankToNil(form.imageUrl), productUrl: blankToNil(form.productUrl), category: fields.category,
                    targetDate: fields.targetDate,
                    priority: fields.priority, autoTransferAmount: fields.transferAmount, autoTransferType: fields.transferType),
                for: child, by: user, in: req.context)
            return Flash.redirect(
                req, to: SiteURL.goal(.value(goal.id)).path, message: "\(goal.name) was created. Every cent saved brings it closer!")
        } catch let error as AppError where error.status.code < 500 {
            var page = formPage(child: child, form: form)
            page.error = error.message
            return try await req.render("goal-form", "New Goal", section: "dashboard", page, status: error.status)
        }
    }

    @Sendable func editForm(req: Request) async throws -> Response {
        let access = try await req.goalForParent(try req.uuidParameter("goalId"))
        let goal = try await SavingsGoalService.show(access, in: req.context)
        return try await req.render(
            "goal-form", "Edit \(goal.name)", section: "dashboard", formPage(child: access.child, form: nil, goal: goal))
    }

    @Sendable func update(req: Request) async throws -> Response {
        let access = try await req.goalForParent(try req.uuidParameter("goalId"))
        let form = try req.content.decode(GoalForm.self)
        do {
            let fields = try GoalFields(form)
            let goal = try await SavingsGoalService.update(
                access,
                with: UpdateSavingsGoalDto(
                    name: form.name ?? "", description: form.description ?? "", targetAmount: fields.target, imageUrl: form.imageUrl ?? "",
                    productUrl: form.productUrl ?? "", category: fields.category, targetDate: fields.targetDate, priority: fields.priority,
                    autoTransferAmount: fields.transferAmount ?? .zero, autoTransferType: fields.transferType), in: req.context)
            return Flash.redirect(req, to: SiteURL.goal(.value(goal.id)).path, message: "\(goal.name) was saved.")
        } catch let error as AppError where error.status.code < 500 {
            let goal = try await SavingsGoalService.show(access, in: req.context)
            var page = formPage(child: access.child, form: form, goal: goal)
            page.error = error.message
            return try await req.render("goal-form", "Edit \(goal.name)", section: "dashboard", page, status: error.status)
        }
    }

    // MARK: - Actions

    /// Runs one goal action from the goal page: the goal as the user may see it (403 for a
    /// parent-only action by its child), the form, and on a refusal the page again with the
    /// message and, for a form with fields (`form` names it), what was typed in them.
    private func goalAction(
        _ req: Request, parentOnly: Bool = true, form name: String? = nil,
        _ perform: (GoalAccess, ActionForm, String) async throws -> Response
    ) async throws -> Response {
        let access = try await req.visibleGoal(try req.uuidParameter("goalId"))
        if parentOnly { try access.user.requireParent() }
        let form = try req.content.decode(ActionForm.self)
        do {
            return try await perform(access, form, SiteURL.goal(.value(access.goal.id)).path)
        } catch let error as AppError where error.status.code < 500 && error.code != .notFound {
            let access = try await req.visibleGoal(access.goal.id)
            var page = try await detail(req, access, error: error.message)
            if let name { page.typed = Typed(form: name, form) }
            return try await req.render("goal", access.goal.name, section: "dashboard", page, status: error.status)
        }
    }

    @Sendable func contribute(req: Request) async throws -> Response {
        try await goalAction(req, parentOnly: false, form: "contribute") { access, form, back in
            let event = try await GoalMoneyService.contribute(
                access, ContributeToGoalDto(amount: try WebForms.amount(form.amount), description: blankToNil(form.note)), in: req.context)
            let match = event.matchAmountAdded.map { $0.isPositive ? " Parent match: +\($0.formatted)." : "" } ?? ""
            let celebrate =
                event.isCompleted
                ? "done" : event.challengeCompleted ? "challenge" : event.milestoneReached.map { String($0.percentComplete) }
            let message =
                "Saved \(try WebForms.amount(form.amount).formatted) toward \(event.goalName).\(match) Now \(event.newAmount.formatted) of \(event.targetAmount.formatted)."
            return Flash.redirect(req, to: back + (celebrate.map { "?celebrate=\($0)" } ?? ""), message: message)
        }
    }

    @Sendable func withdraw(req: Request) async throws -> Response {
        try await goalAction(req, form: "withdraw") { access, form, back in
            let row = try await GoalMoneyService.withdraw(
                access, WithdrawFromGoalDto(amount: try WebForms.amount(form.amount), reason: blankToNil(form.note)), in: req.context)
            return Flash.redirect(
                req, to: back, message: "Returned \(row.amount.magnitude.formatted) to \(access.child.firstName)'s balance.")
        }
    }

    /// A parent's own gift, or one from a relative named in the form.
    @Sendable func gift(req: Request) async throws -> Response {
        try await goalAction(req, form: "gift") { access, form, back in
            let type: ContributionType = blankToNil(form.giverName) == nil ? .parentGift : .externalGift
            let event = try await GoalMoneyService.gift(
                access,
                GiftToGoalDto(
                    amount: try WebForms.amount(form.amount), type: type, giverName: blankToNil(form.giverName), note: blankToNil(form.note)
                ),
                in: req.context)
            let celebrate = event.isCompleted ? "done" : event.milestoneReached.map { String($0.percentComplete) }
            let message =
                "Gave \(try WebForms.amount(form.amount).formatted) to \(event.goalName). Now \(event.newAmount.formatted) of \(event.targetAmount.formatted)."
            return Flash.redirect(req, to: back + (celebrate.map { "?celebrate=\($0)" } ?? ""), message: message)
        }
    }

    @Sendable func pause(req: Request) async throws -> Response {
        try await goalAction(req) { access, _, back in
            _ = try await SavingsGoalService.pause(access, in: req.context)
            return Flash.redirect(req, to: back, message: "\(access.goal.name) is paused; automatic saving skips it.")
        }
    }

    @Sendable func resume(req: Request) async throws -> Response {
        try await goalAction(req) { access, _, back in
            _ = try await SavingsGoalService.resume(access, in: req.context)
            return Flash.redirect(req, to: back, message: "\(access.goal.name) is active again.")
        }
    }

    @Sendable func cancel(req: Request) async throws -> Response {
        try await goalAction(req) { access, _, _ in
            try await GoalMoneyService.cancel(access, in: req.context)
            return Flash.redirect(
                req, to: SiteURL.goals(child: .value(access.child.id)).path,
                message: "\(access.goal.name) was cancelled; its money went back to \(access.child.firstName)'s balance.")
        }
    }

    @Sendable func purchase(req: Request) async throws -> Response {
        try await goalAction(req) { access, form, back in
            let givenBack = try await GoalMoneyService.purchase(access, MarkGoalPurchasedDto(notes: blankToNil(form.note)), in: req.context)
                .givenBack
            let rest =
                givenBack.isPositive
                ? " The \(givenBack.formatted) saved past its price went back to \(access.child.firstName)'s balance." : ""
            return Flash.redirect(req, to: back, message: "\(access.goal.name) was bought. Enjoy it!\(rest)")
        }
    }

    @Sendable func startMatching(req: Request) async throws -> Response {
        try await goalAction(req, form: "matching") { access, form, back in
            guard let type = form.type.flatMap(Int.init).flatMap(MatchingType.init(rawValue:)) else {
                throw AppError.validation("Choose a kind of matching")
            }
            guard let ratio = form.ratio.flatMap({ MatchRatio($0.trimmingCharacters(in: .whitespaces)) }) else {
                throw AppError.validation("Ratio must be a number, such as 0.5 for $1 for every $2, or 50 for 50%")
            }
            let max = try form.maxMatch.flatMap {
                $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : try WebForms.amount($0, "Most matched")
            }
            let rule = try await MatchingRuleService.create(
                access,
                CreateMatchingRuleDto(
                    type: type, matchRatio: ratio, maxMatchAmount: max, expiresAt: try WebForms.date(form.expires, "Expiry date")),
                in: req.context)
            return Flash.redirect(req, to: back, message: "Matching is on: \(rule.typeDescription).")
        }
    }

    @Sendable func stopMatching(req: Request) async throws -> Response {
        try await goalAction(req) { access, _, back in
            try await MatchingRuleService.delete(access, in: req.context)
            return Flash.redirect(req, to: back, message: "Matching was removed.")
        }
    }

    @Sendable func startChallenge(req: Request) async throws -> Response {
        try await goalAction(req, form: "challenge") { access, form, back in
            guard let end = try WebForms.date(form.endDate, "End date") else { throw AppError.validation("End date is required") }
            let challenge = try await GoalChallengeService.create(
                access,
                CreateGoalChallengeDto(
                    targetAmount: try WebForms.amount(form.targetAmount, "Target"), endDate: end,
                    bonusAmount: try WebForms.amount(form.bonusAmount, "Bonus"),
                    description: blankToNil(form.note)), in: req.context)
            let calendar = access.child.calendar
            return Flash.redirect(
                req, to: back,
                message:
                    "Challenge on: save \(challenge.targetAmount.formatted) by \(calendar.displayDate(calendar.lastDay(of: challenge.endDate))) for a \(challenge.bonusAmount.formatted) bonus."
            )
        }
    }

    @Sendable func cancelChallenge(req: Request) async throws -> Response {
        try await goalAction(req) { access, _, back in
            try await GoalChallengeService.cancel(access, in: req.context)
            return Flash.redirect(req, to: back, message: "The challenge was cancelled.")
        }
    }

    private func blankToNil(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        return text
    }
}
