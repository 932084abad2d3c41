import AllowanceAPI
import AllowanceCore
import Vapor

/// The family's quick-add templates in the browser (the Quick Actions document, "Transaction
/// Templates"): a parent lists them with the built-in ones, makes new ones, and changes,
/// reorders and deletes the ones they made (the documents' "template creator"). The rules are
/// `TemplateService`'s and `Request.templateForCreator`'s, as for the API.
struct TemplatePages: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(SiteURL.templates.pathComponents, use: list)
        routes.get(SiteURL.templateNew.pathComponents, use: newForm)
        routes.post(SiteURL.templateNew.pathComponents, use: create)
        routes.get(SiteURL.templateAction(.key, .edit).pathComponents, use: editForm)
        routes.post(SiteURL.templateAction(.key, .edit).pathComponents, use: update)
        routes.post(SiteURL.templateAction(.key, .delete).pathComponents, use: delete)
        routes.post(SiteURL.templateAction(.key, .moveUp).pathComponents, use: moveUp)
        routes.post(SiteURL.templateAction(.key, .moveDown).pathComponents, use: moveDown)
    }

    @Sendable func list(req: Request) async throws -> Response {
        let parent = try req.requireParent()
        let rows = try await TemplateService.rows(forFamily: parent.familyID, withUsage: true, on: req.sql)
        let mine = rows.filter { Self.isMine($0, parent) }.map(\.id)
        let family = rows.filter { !$0.is_global }.map { row in
            let index = mine.firstIndex(of: row.id)
            return Self.item(row, canChange: index != nil, isFirst: index == 0, isLast: index == mine.count - 1)
        }
        return try await req.render(
            "templates", "Templates", section: "templates",
            ListPage(
                family: family, builtIn: rows.filter(\.is_global).map { Self.item($0, canChange: false, isFirst: false, isLast: false) }))
    }

    static func isMine(_ row: TemplateService.Row, _ parent: AuthUser) -> Bool { !row.is_global && row.created_by == parent.userID }

    static func item(_ row: TemplateService.Row, canChange: Bool, isFirst: Bool, isLast: Bool) -> Item {
        let dto = row.dto
        let sign = dto.type == .credit ? "+" : "−"
        return Item(
            id: dto.id, name: dto.name, icon: Icons.template(dto.iconName, name: dto.name), color: dto.color,
            amount: dto.defaultAmount.map { sign + $0.formatted } ?? "Amount typed each time",
            direction: dto.type == .credit ? "Money in" : "Money out", isCredit: dto.type == .credit, category: dto.category,
            used: dto.usageCount == 0 ? "Not used yet" : dto.usageCount == 1 ? "Used once" : "Used \(dto.usageCount) times",
            canChange: canChange, isFirst: isFirst, isLast: isLast)
    }

    // MARK: - Create and change

    @Sendable func newForm(req: Request) async throws -> Response {
        _ = try req.requireParent()
        return try await req.render("template-form", "New Template", section: "templates", FormPage(form: nil, template: nil))
    }

    @Sendable func create(req: Request) async throws -> Response {
        let parent = try req.requireParent()
        let form = try req.content.decode(Form.self)
        do {
            let amount = try Self.amount(form.defaultAmount)
            let dto = try await TemplateService.create(
                CreateTransactionTemplateDto(
                    name: form.name ?? "", iconName: form.iconName ?? "", color: form.color, defaultAmount: amount,
                    type: form.type == TransactionType.credit.rawValue ? .credit : .debit, category: form.category,
                    descriptionTemplate: form.descriptionTemplate), by: parent, in: req.context)
            return Flash.redirect(req, to: SiteURL.templates.path, message: "\(dto.name) is ready on every child's page.")
        } catch let error as AppError where error.status.code < 500 {
            var page = FormPage(form: form, template: nil)
            page.error = error.message
            return try await req.render("template-form", "New Template", section: "templates", page, status: error.status)
        }
    }

    @Sendable func editForm(req: Request) async throws -> Response {
        let template = try await req.templateForCreator(try req.uuidParameter("templateId"))
        return try await req.render(
            "template-form", "Edit \(template.name)", section: "templates", FormPage(form: nil, template: template))
    }

    @Sendable func update(req: Request) async throws -> Response {
        let template = try await req.templateForCreator(try req.uuidParameter("templateId"))
        let parent = try req.requireParent()
        let form = try req.content.decode(Form.self)
        let title = "Edit \(template.name)"
        do {
            let amount = try Self.amount(form.defaultAmount)
            // The API keeps a default amount once set (an update without one leaves it): say so
            // rather than appear to remove it.
            if amount == nil && template.defaultAmountCents != nil {
                throw AppError.validation(
                    "Default amount can't be removed from a template. Enter an amount, or make a new template without one.")
            }
            let position = try Self.position(form.sortOrder)
            let dto = try await TemplateService.update(
                template,
                with: UpdateTransactionTemplateDto(
                    name: form.name ?? "", iconName: form.iconName ?? "", color: form.color ?? "", defaultAmount: amount,
                    category: form.category ?? "", descriptionTemplate: form.descriptionTemplate ?? "", sortOrder: position),
                by: parent, in: req.context)
            return Flash.redirect(req, to: SiteURL.templates.path, message: "\(dto.name) was saved.")
        } catch let error as AppError where error.status.code < 500 {
            var page = FormPage(form: form, template: template)
            page.error = error.message
            return try await req.render("template-form", title, section: "templates", page, status: error.status)
        }
    }

    @Sendable func delete(req: Request) async throws -> Response {
        let template = try await req.templateForCreator(try req.uuidParameter("templateId"))
        try await TemplateService.delete(template, in: req.context)
        return Flash.redirect(
            req, to: SiteURL.templates.path, message: "\(template.name) was deleted. What was recorded with it stays in the history.")
    }

    // MARK: - Order

    @Sendable func moveUp(req: Request) async throws -> Response { try await move(req, by: -1) }

    @Sendable func moveDown(req: Request) async throws -> Response { try await move(req, by: 1) }

    /// Moves a template one place among those this parent made: they trade places (sort orders)
    /// with the neighbour, each change through `TemplateService.update` on a template the
    /// parent may change.
    private func move(_ req: Request, by offset: Int) async throws -> Response {
        let template = try await req.templateForCreator(try req.uuidParameter("templateId"))
        let parent = try req.requireParent()
        let rows = try await TemplateService.rows(forFamily: parent.familyID, withUsage: false, on: req.sql).filter {
            Self.isMine($0, parent)
        }
        let changes = Self.reorder(rows.map { ($0.id, $0.sort_order) }, moving: template.id!, by: offset)
        for (id, order) in changes {
            let record = id == template.id ? template : try await req.templateForCreator(id)
            _ = try await TemplateService.update(record, with: UpdateTransactionTemplateDto(sortOrder: order), by: parent, in: req.context)
        }
        let message =
            changes.isEmpty
            ? "\(template.name) is already \(offset < 0 ? "first" : "last")."
            : "\(template.name) moved \(offset < 0 ? "up" : "down")."
        return Flash.redirect(req, to: SiteURL.templates.path, message: message)
    }

    /// The sort orders that move `id` by `offset` places in `ordered` (templates in their order,
    /// with their sort orders): the same set of numbers, handed out in the new order, kept
    /// strictly increasing so that ties cannot undo the move. Only changed ones are returned.
    static func reorder(_ ordered: [(id: UUID, order: Int)], moving id: UUID, by offset: Int) -> [(UUID, Int)] {
        guard let from = ordered.firstIndex(where: { $0.id == id }), ordered.indices.contains(from + offset) else { return [] }
        var ids = ordered.map(\.id)
        ids.swapAt(from, from + offset)
        var slots = ordered.map(\.order).sorted()
        for index in slots.indices.dropFirst() where slots[index] <= slots[index - 1] { slots[index] = slots[index - 1] + 1 }
        return zip(ids, slots).filter { pair in ordered.first { $0.id == pair.0 }?.order != pair.1 }
    }

    // MARK: - Fields

    /// A blank default amount means "typed each time".
    static func amount(_ text: String?) throws -> Money? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        do { return try Money(parsing: text) } catch let error as MoneyParseError {
            throw AppError.validation("Default amount \(error.message)")
        }
    }

    static func position(_ text: String?) throws -> Int? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        guard let value = Int(text) else { throw AppError.validation("Position must be a whole number") }
        return value
    }
}
