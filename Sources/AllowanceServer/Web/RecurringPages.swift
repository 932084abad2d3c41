import AllowanceAPI
import AllowanceCore
import Vapor

/// Money that moves by itself, in the browser: the family's recurring transactions with
/// pause/resume and their next date, a create/edit form, and occurrences awaiting approval.
struct RecurringPages: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(SiteURL.recurring.pathComponents, use: list)
        routes.get(SiteURL.recurringNew.pathComponents, use: newForm)
        routes.post(SiteURL.recurringNew.pathComponents, use: create)
        routes.get(SiteURL.recurringAction(.key, .edit).pathComponents, use: editForm)
        routes.post(SiteURL.recurringAction(.key, .edit).pathComponents, use: update)
        routes.post(SiteURL.recurringAction(.key, .pause).pathComponents, use: pause)
        routes.post(SiteURL.recurringAction(.key, .resume).pathComponents, use: resume)
        routes.post(SiteURL.recurringAction(.key, .run).pathComponents, use: runNow)
        routes.post(SiteURL.recurringAction(.key, .delete).pathComponents, use: delete)
        routes.post(SiteURL.pendingOccurrence(.key, .approve).pathComponents, use: approve)
        routes.post(SiteURL.pendingOccurrence(.key, .reject).pathComponents, use: reject)
    }

    /// A parent sees the family's schedules with their controls; a child sees their own, read
    /// only (the API's "Parent or self").
    @Sendable func list(req: Request) async throws -> Response {
        let user = try req.requireUser()
        if !user.isParent && user.childID == nil { throw AppError.parentOnly }
        let childID = user.isParent ? nil : user.childID
        let calendar = try await req.familyCalendar()
        let rows = try await RecurringStore.list(familyID: user.familyID, childID: childID, on: req.sql).map(\.dto)
        let pending = try await RecurringApprovalService.pending(familyID: user.familyID, on: req.sql)
            .filter { $0.status == .pending && (childID == nil || $0.childId == childID) }
        let children = try await FamilyDirectory.children(ofFamily: user.familyID, on: req.sql)
        return try await req.render(
            "recurring", user.isParent ? "Recurring" : "My Recurring Money", section: "recurring",
            ListPage(
                items: Self.items(rows, calendar: calendar, children: children),
                pending: pending.map {
                    PendingItem(
                        id: $0.id, childName: $0.childName, name: $0.name, amount: $0.amount.formatted, isCredit: $0.type == .credit,
                        due: calendar.displayDateTime($0.dueDate))
                },
                hasChildren: !children.isEmpty, isParent: user.isParent))
    }

    /// The rows as the lists show them, each with its child's face (`children`: the family's).
    static func items(_ rows: [RecurringTransactionDto], calendar: FamilyCalendar, children: [ChildRecord]) -> [Item] {
        rows.map { dto in
            let child = children.first { $0.id == dto.childId }
            return Item(
                id: dto.id, name: dto.name, childName: dto.childName,
                avatar: Avatar(id: dto.childId, firstName: child?.firstName ?? dto.childName, lastName: child?.lastName ?? ""),
                amount: dto.amount.formatted, isCredit: dto.type == .credit,
                schedule: dto.patternDescription, next: dto.isActive ? calendar.displayDateTime(dto.nextExecutionDate) : "Finished",
                isPaused: dto.isPaused, isActive: dto.isActive,
                occurrences: Self.timesText(dto.occurrenceCount, of: dto.maxOccurrences),
                requiresApproval: dto.requiresApproval)
        }
    }

    /// "Not run yet", "Ran once", "Ran 3 times", "Ran 2 of 10 times".
    static func timesText(_ count: Int, of maximum: Int?) -> String {
        if let maximum { return "Ran \(count) of \(maximum) times" }
        switch count {
        case 0: return "Not run yet"
        case 1: return "Ran once"
        default: return "Ran \(count) times"
        }
    }

    // MARK: - Form

    private func formPage(_ req: Request, _ parent: AuthUser, form: Form?, dto: RecurringTransactionDto? = nil) async throws -> FormPage {
        let children = try await FamilyDirectory.children(ofFamily: parent.familyID, on: req.sql)
        let calendar = try await req.familyCalendar()
        var page = FormPage(id: dto?.id)
        let child = form?.childId ?? dto?.childId.uuidString ?? req.query[String.self, at: "child"] ?? children.first?.id.uuidString
        page.children = children.map { Option(value: $0.id.uuidString, label: $0.fullName, selected: $0.id.uuidString == child) }
        let pattern = form?.pattern ?? dto.map { String($0.pattern.rawValue) } ?? String(RecurrencePattern.weekly.rawValue)
        page.patterns = RecurrencePattern.allCases.map {
            Option(value: String($0.rawValue), label: Self.label($0), selected: String($0.rawValue) == pattern)
        }
        let weekday = form?.dayOfWeek ?? dto?.dayOfWeek.map(String.init) ?? String(Weekday.saturday.rawValue)
        page.weekdays = Weekday.allCases.map {
            Option(value: String($0.rawValue), label: $0.name, selected: String($0.rawValue) == weekday)
        }
        page.name = form?.name ?? dto?.name ?? ""
        page.amount = form?.amount ?? dto?.amount.plainText ?? ""
        page.type = form?.type ?? dto?.type.rawValue ?? "Credit"
        page.description = form?.description ?? dto?.description ?? ""
        page.dayOfMonth = form?.dayOfMonth ?? dto?.dayOfMonth.map(String.init) ?? "1"
        page.timeOfDay = form?.timeOfDay ?? dto?.timeOfDay.map { String(format: "%02d:%02d", $0.hour, $0.minute) } ?? "09:00"
        page.startDate = form?.startDate ?? (dto?.startDate ?? req.now).formatted(Self.dayStyle(calendar))
        page.endDate = form?.endDate ?? dto?.endDate.map { $0.addingTimeInterval(-1).formatted(Self.dayStyle(calendar)) } ?? ""
        page.maxOccurrences = form?.maxOccurrences ?? dto?.maxOccurrences.map(String.init) ?? ""
        page.requiresApproval = form.map { $0.requiresApproval != nil } ?? dto?.requiresApproval ?? false
        return page
    }

    /// "2026-12-01" in the family's zone, for `<input type="date">`.
    private static func dayStyle(_ calendar: FamilyCalendar) -> Date.ISO8601FormatStyle {
        Date.ISO8601FormatStyle(timeZone: calendar.timeZone).year().month().day()
    }

    private static func label(_ pattern: RecurrencePattern) -> String {
        switch pattern {
        case .daily: "Every day"
        case .weekly: "Every week"
        case .biWeekly: "Every two weeks"
        case .monthly: "Every month on a day"
        case .firstOfMonth: "First of each month"
        case .lastOfMonth: "Last day of each month"
        }
    }

    @Sendable func newForm(req: Request) async throws -> Response {
        let parent = try req.requireParent()
        return try await req.render(
            "recurring-form", "New Recurring Transaction", section: "recurring", try await formPage(req, parent, form: nil))
    }

    @Sendable func create(req: Request) async throws -> Response {
        let parent = try req.requireParent()
        let form = try req.content.decode(Form.self)
        do {
            let fields = try Fields(form)
            guard let childID = form.childId.flatMap(UUID.init(hexText:)) else { throw AppError.validation("Choose a child") }
            let child = try await req.childForParent(childID).child
            let dto = try await RecurringService.create(
                CreateRecurringTransactionDto(
                    childId: childID, name: form.name ?? "", amount: fields.amount, type: fields.type, description: form.description,
                    pattern: fields.pattern, dayOfWeek: fields.dayOfWeek, dayOfMonth: fields.dayOfMonth, timeOfDay: fields.timeOfDay,
                    startDate: fields.startDate ?? req.now, endDate: fields.endDate, maxOccurrences: fields.maxOccurrences,
                    requiresApproval: form.requiresApproval != nil), for: child, by: parent, in: req.context)
            return Flash.redirect(req, to: SiteURL.recurring.path, message: "\(dto.name) is set up: \(dto.patternDescription).")
        } catch let error as AppError where error.status.code < 500 {
            var page = try await formPage(req, parent, form: form)
            page.error = error.message
            return try await req.render("recurring-form", "New Recurring Transaction", section: "recurring", page, status: error.status)
        }
    }

    @Sendable func editForm(req: Request) async throws -> Response {
        let (parent, row) = try await req.recurringForParent(try req.uuidParameter("recurringId"))
        return try await req.render(
            "recurring-form", "Edit \(row.dto.name)", section: "recurring", try await formPage(req, parent, form: nil, dto: row.dto))
    }

    @Sendable func update(req: Request) async throws -> Response {
        let (parent, row) = try await req.recurringForParent(try req.uuidParameter("recurringId"))
        let form = try req.content.decode(Form.self)
        do {
            let fields = try Fields(form)
            let dto = try await RecurringService.update(
                row,
                with: UpdateRecurringTransactionDto(
                    name: form.name ?? "", amount: fields.amount, description: form.description, pattern: fields.pattern,
                    dayOfWeek: fields.dayOfWeek,
                    dayOfMonth: fields.dayOfMonth, timeOfDay: fields.timeOfDay, endDate: fields.endDate,
                    maxOccurrences: fields.maxOccurrences,
                    requiresApproval: form.requiresApproval != nil), in: req.context)
            return Flash.redirect(req, to: SiteURL.recurring.path, message: "\(dto.name) was updated: \(dto.patternDescription).")
        } catch let error as AppError where error.status.code < 500 {
            var page = try await formPage(req, parent, form: form, dto: row.dto)
            page.error = error.message
            return try await req.render("recurring-form", "Edit \(row.dto.name)", section: "recurring", page, status: error.status)
        }
    }

    /// The form's text fields read as the API's values; blank optional fields are nil.
    struct Fields {
        var amount: Money, type: TransactionType, pattern: RecurrencePattern, dayOfWeek: Int?, dayOfMonth: Int?
        var timeOfDay: TimeOfDay?, startDate: Date?, endDate: Date?, maxOccurrences: Int?

        init(_ form: Form) throws {
            amount = try WebForms.amount(form.amount)
            type = form.type == TransactionType.debit.rawValue ? .debit : .credit
            guard let pattern = form.pattern.flatMap(Int.init).flatMap(RecurrencePattern.init(rawValue:)) else {
                throw AppError.validation("Choose how often")
            }
            self.pattern = pattern
            dayOfWeek = form.dayOfWeek.flatMap(Int.init)
            dayOfMonth = form.dayOfMonth.flatMap(Int.init)
            if let text = form.timeOfDay, !text.isEmpty {
                guard let time = TimeOfDay(parsing: text) else { throw AppError.validation("Time must look like 09:30") }
                timeOfDay = time
            }
            startDate = try WebForms.date(form.startDate, "Start date")
            endDate = try WebForms.date(form.endDate, "End date")
            if let text = form.maxOccurrences?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
                guard let count = Int(text) else { throw AppError.validation("Number of times must be a whole number") }
                maxOccurrences = count
            }
        }
    }

    // MARK: - Actions

    /// Runs one action on a schedule from the list; a refusal comes back as the list's message.
    private func recurringAction(
        _ req: Request, _ perform: (AuthUser, RecurringRow, String) async throws -> String
    ) async throws -> Response {
        let (parent, row) = try await req.recurringForParent(try req.uuidParameter("recurringId"))
        do {
            return Flash.redirect(req, to: SiteURL.recurring.path, message: try await perform(parent, row, row.dto.name))
        } catch let error as AppError where error.status.code < 500 && error.status != .notFound {
            return Flash.redirect(req, to: SiteURL.recurring.path, message: error.message)
        }
    }

    @Sendable func pause(req: Request) async throws -> Response {
        try await recurringAction(req) { _, row, name in
            _ = try await RecurringControl.pause(row, in: req.context)
            return "\(name) is paused."
        }
    }

    @Sendable func resume(req: Request) async throws -> Response {
        try await recurringAction(req) { _, row, name in
            let dto = try await RecurringControl.resume(row, in: req.context)
            let calendar = try await req.familyCalendar()
            return "\(name) resumed. Next: \(calendar.displayDateTime(dto.nextExecutionDate))."
        }
    }

    @Sendable func runNow(req: Request) async throws -> Response {
        try await recurringAction(req) { parent, row, name in
            let entry = try await RecurringControl.executeNow(row, by: parent, in: req.context)
            return "\(name) ran now. New balance: \(entry.balanceAfter.formatted)."
        }
    }

    @Sendable func delete(req: Request) async throws -> Response {
        try await recurringAction(req) { _, row, name in
            try await RecurringService.delete(row, in: req.context)
            return "\(name) was deleted."
        }
    }

    /// Approves or rejects an occurrence waiting in the pending list.
    private func decision(
        _ req: Request, _ perform: (AuthUser, RecurringApprovalService.Row) async throws -> String
    ) async throws -> Response {
        let (parent, pending) = try await req.pendingOccurrenceForParent(try req.uuidParameter("occurrenceId"))
        do {
            return Flash.redirect(req, to: SiteURL.recurring.path, message: try await perform(parent, pending))
        } catch let error as AppError where error.status.code < 500 && error.status != .notFound {
            return Flash.redirect(req, to: SiteURL.recurring.path, message: error.message)
        }
    }

    @Sendable func approve(req: Request) async throws -> Response {
        try await decision(req) { parent, pending in
            let entry = try await RecurringApprovalService.approve(pending, by: parent, in: req.context)
            return "Approved. New balance: \(entry.balanceAfter.formatted)."
        }
    }

    @Sendable func reject(req: Request) async throws -> Response {
        try await decision(req) { parent, pending in
            _ = try await RecurringApprovalService.reject(pending, by: parent, in: req.context)
            return "Rejected. Nothing was posted."
        }
    }
}
