import AllowanceAPI
import AllowanceCore
import Vapor

enum TransactionsController {
    /// This controller's part of the API: `APIEndpoints.all` registers it and `/openapi.json` publishes it.
    static var endpoints: [APIEndpoint] {
        [
            .init(
                .POST, "/api/v1/transactions", "Record money in (Credit) or out (Debit)", access: .parent,
                request: CreateTransactionRequest.self, response: TransactionResponse.self, status: 201, refusals: [.notFound],
                idempotent: true, use: create),
            .init(
                .GET, "/api/v1/transactions/{transactionId}", "One ledger entry", access: .signedIn, response: TransactionResponse.self,
                use: show),
            exportEndpoint,
        ]
    }

    @Sendable static func create(req: Request) async throws -> Response {
        let input = try req.decodeJSON(CreateTransactionRequest.self)
        return try await TransactionService.create(input, by: try req.requireUser(), in: req.context) {
            try await req.childForParent(input.childId).child
        }.encodeResponse(status: .created, for: req)
    }

    /// The whole ledger (with the list's filters) as CSV, newest first, for a spreadsheet.
    static var exportEndpoint: APIEndpoint {
        var endpoint = APIEndpoint(
            .GET, "/api/v1/children/{childId}/transactions.csv", "A child's ledger as CSV (the list's filters; every row)",
            access: .parentOrOwnChild, response: nil, query: LedgerFilter.queryParameters(paged: false), refusals: [.unprocessableEntity],
            use: export)
        endpoint.mediaType = "text/csv"
        return endpoint
    }

    @Sendable static func export(req: Request) async throws -> Response {
        let child = try await req.visibleChild(try req.uuidParameter("childId"))
        var filter = try LedgerFilter(query: req.query, calendar: child.calendar)
        filter.limit = 1_000
        filter.offset = 0
        // Pages are counted by offset, and others may post between them: a row posted then
        // would push an older one onto the next page, which would repeat it, and the one after
        // would be missed. So every page reads the entries posted before the first.
        filter.throughEntry = try await LedgerService.lastEntryNumber(of: child.id, on: req.sql)
        var rows: [TransactionResponse] = []
        while true {
            let page = try await LedgerService.list(childID: child.id, filter: filter, on: req.sql)
            rows += page.transactions
            guard page.hasMore else { break }
            filter.offset += filter.limit
            // On SQLite each page is read on this thread (`SQLiteReads`): others' requests go between pages.
            await Task.yield()
        }
        var headers = HTTPHeaders()
        headers.contentType = HTTPMediaType(type: "text", subType: "csv", parameters: ["charset": "utf-8"])
        let name = child.firstName.filter { $0.isLetter || $0.isNumber }
        headers.replaceOrAdd(name: .contentDisposition, value: "attachment; filename=\"\(name.isEmpty ? "ledger" : name)-ledger.csv\"")
        return Response(status: .ok, headers: headers, body: .init(string: TransactionCSV.document(rows)))
    }

    @Sendable static func show(req: Request) async throws -> TransactionResponse {
        try await req.visibleEntry(try req.uuidParameter("transactionId"))
    }

    /// `GET /children/{childId}/transactions?limit=&offset=&type=&search=&from=&to=`
    @Sendable static func list(req: Request) async throws -> TransactionListResponse {
        let child = try await req.visibleChild(try req.uuidParameter("childId"))
        return try await LedgerService.list(
            childID: child.id, filter: try LedgerFilter(query: req.query, calendar: child.calendar), on: req.sql)
    }
}

extension LedgerFilter {
    /// What `init(query:calendar:)` reads, for `/openapi.json`; the export reads every row.
    static func queryParameters(paged: Bool) -> [QueryParameter] {
        let filters: [QueryParameter] = [.choice("type", ["all", "Credit", "Debit"]), .text("search"), .date("from"), .date("to")]
        return paged ? [.integer("limit", 1...100), .integer("offset", 0...Int.max)] + filters : filters
    }

    /// Reads the list's query string, answering 400 with the parameter at fault.
    /// `maxLimit` is 100 for the API; the web list grows by "Load more" and allows more.
    init(query: URLQueryContainer, calendar: FamilyCalendar, maxLimit: Int = 100) throws {
        self.init()
        limit = try query.int("limit", in: 1...maxLimit) ?? limit
        offset = try query.int("offset", in: 0...Int.max) ?? offset
        if let text = try query.text("type"), text.lowercased() != "all" {
            guard let value = TransactionType.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) else {
                throw AppError.validation("type must be Credit or Debit")
            }
            type = value
        }
        search = try query.text("search") ?? search
        from = try query.date("from", endOfRange: false, in: calendar)
        to = try query.date("to", endOfRange: true, in: calendar)
        if let from, let to, to <= from { throw AppError.unprocessable("to must be after from") }
    }
}
