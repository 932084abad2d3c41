import AllowanceAPI
import AllowanceCore
import Vapor

/// The ledger in the browser (the App Screens document 4.1-4.4): list with filter, search and "load
/// more", detail, and a parent's new-transaction form with a live balance preview.
struct TransactionPages: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(SiteURL.transactions.pathComponents, use: list)
        routes.get(SiteURL.transactionNew.pathComponents, use: newForm)
        routes.post(SiteURL.transactionNew.pathComponents, use: create)
        routes.get(SiteURL.transaction(.key).pathComponents, use: show)
        // The API's export, with the web session: one handler for both.
        routes.get(SiteURL.ledgerCSV(child: .key).pathComponents, use: TransactionsController.export)
    }

    /// How far "Load more" grows one page (beyond it, search or filter narrows the list).
    static let webMaxRows = 2000

    private func options(_ children: [ChildRecord], selected: UUID?) -> [ChildOption] {
        children.map {
            ChildOption(
                id: $0.id, name: $0.fullName, firstName: $0.firstName, balance: $0.balance.formatted, balanceCents: $0.balance.cents,
                selected: $0.id == selected)
        }
    }

    /// The children a user may pick from: all of a parent's, or the child themselves.
    private func choices(_ req: Request) async throws -> [ChildRecord] {
        let user = try req.requireUser()
        let all = try await FamilyDirectory.children(ofFamily: user.familyID, on: req.sql)
        return all.filter { user.maySee(child: $0.id) }
    }

    @Sendable func list(req: Request) async throws -> Response {
        let user = try req.requireUser()
        let requested = req.query[String.self, at: "child"].flatMap(UUID.init(hexText:))
        let children = try await choices(req)
        guard let child = children.first(where: { $0.id == requested }) ?? (requested == nil ? children.first : nil) else {
            if requested != nil { throw AppError.notFound("Child") }
            return try await req.render(
                "transactions", "Transactions", section: "transactions",
                ListPage(
                    childId: nil, childName: "", avatar: nil, children: [], filters: [], search: "", type: "", rows: HTMLList([]),
                    hasMore: false,
                    moreHref: "",
                    isParent: user.isParent))
        }
        let filter = try LedgerFilter(query: req.query, calendar: try await req.familyCalendar(), maxLimit: Self.webMaxRows)
        let result = try await LedgerService.list(childID: child.id, filter: filter, on: req.sql)
        let search = filter.search ?? ""
        func href(type: String, limit: Int) -> String {
            var parts = ["child=\(child.id)"]
            if !type.isEmpty { parts.append("type=\(type)") }
            if !search.isEmpty { parts.append("search=\(search.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")") }
            if limit != 20 { parts.append("limit=\(limit)") }
            return SiteURL.transactions.path + "?" + parts.joined(separator: "&")
        }
        let type = filter.type?.rawValue ?? ""
        let filters = [("All", ""), ("Received", "Credit"), ("Spent", "Debit")].map {
            FilterLink(label: $0.0, href: href(type: $0.1, limit: 20), current: $0.1 == type)
        }
        return try await req.render(
            "transactions", "Transactions", section: "transactions",
            ListPage(
                childId: child.id, childName: child.firstName,
                avatar: Avatar(id: child.id, firstName: child.firstName, lastName: child.lastName),
                children: options(children, selected: child.id),
                filters: filters, search: search, type: type,
                rows: try await TransactionRow.html(result.transactions, calendar: child.calendar, on: req),
                hasMore: result.hasMore && filter.limit < Self.webMaxRows,
                moreHref: href(type: type, limit: min(filter.limit + 20, Self.webMaxRows)), isParent: user.isParent))
    }

    @Sendable func show(req: Request) async throws -> Response {
        let entry = try await req.visibleEntry(try req.uuidParameter("transactionId"))
        let child = try await req.visibleChild(entry.childId)
        return try await req.render(
            "transaction", entry.description, section: "transactions",
            DetailPage(
                row: TransactionRow(entry, calendar: child.calendar), childId: child.id, childName: child.firstName,
                avatar: Avatar(id: child.id, firstName: child.firstName, lastName: child.lastName),
                typeLabel: entry.type.label,
                category: entry.category, note: entry.notes))
    }

    @Sendable func newForm(req: Request) async throws -> Response {
        _ = try req.requireParent()
        let requested = req.query[String.self, at: "child"].flatMap(UUID.init(hexText:))
        let children = try await choices(req)
        let selected = requested ?? children.first?.id
        return try await req.render(
            "transaction-new", "New Transaction", section: "transactions",
            NewPage(
                children: options(children, selected: selected)))
    }

    @Sendable func create(req: Request) async throws -> Response {
        _ = try req.requireParent()
        let form = try req.content.decode(NewForm.self)
        let selected = form.childId.flatMap(UUID.init(hexText:))
        let type: TransactionType = form.type == TransactionType.debit.rawValue ? .debit : .credit
        do {
            guard let childID = selected else { throw AppError.validation("Choose a child") }
            let amount = try WebForms.amount(form.amount)
            let (parent, child) = try await req.childForParent(childID)
            let entry = try await TransactionService.create(
                CreateTransactionRequest(childId: childID, amount: amount, type: type, description: form.description ?? ""), for: child,
                by: parent,
                in: req.context)
            return Flash.redirect(
                req, to: SiteURL.transactions.path + "?child=\(childID)", message: "Saved. New balance: \(entry.balanceAfter.formatted).")
        } catch let error as AppError where error.status.code < 500 {
            let children = try await choices(req)
            let page = NewPage(
                children: options(children, selected: selected),
                type: type.rawValue, amount: form.amount ?? "", description: form.description ?? "", error: error.message)
            return try await req.render("transaction-new", "New Transaction", section: "transactions", page, status: error.status)
        }
    }
}
