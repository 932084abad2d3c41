import AllowanceAPI
import Vapor

struct TransactionsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let transactions = routes.grouped("transactions")
        transactions.grouped(IdempotencyMiddleware()).post(use: create)
        transactions.get(":transactionId", use: show)
    }

    @Sendable func create(req: Request) async throws -> Response {
        let parent = try req.requireParent()
        let input = try req.content.decode(CreateTransactionRequest.self)
        return try await TransactionService.create(input, by: parent, on: req).encodeResponse(status: .created, for: req)
    }

    @Sendable func show(req: Request) async throws -> TransactionResponse {
        try await TransactionService.entry(try req.uuidParameter("transactionId"), on: req)
    }

    /// `GET /children/{childId}/transactions?limit=&offset=&type=&search=&from=&to=`
    @Sendable func list(req: Request) async throws -> TransactionListResponse {
        let child = try await req.visibleChild(try req.uuidParameter("childId"))
        return try await LedgerService.list(childID: child.id, filter: try LedgerFilter(query: req.query), on: req.db())
    }
}

extension LedgerFilter {
    /// Reads the list's query string, answering 400 with the parameter at fault.
    /// `maxLimit` is 100 for the API; the web list grows by "Load more" and allows more.
    init(query: URLQueryContainer, maxLimit: Int = 100) throws {
        self.init()
        if let text = try? query.get(String.self, at: "limit") {
            guard let value = Int(text), (1...maxLimit).contains(value) else { throw AppError.validation("limit must be a number from 1 to \(maxLimit)") }
            limit = value
        }
        if let text = try? query.get(String.self, at: "offset") {
            guard let value = Int(text), value >= 0 else { throw AppError.validation("offset must be a number of 0 or more") }
            offset = value
        }
        if let text = try? query.get(String.self, at: "type"), !text.isEmpty, text.lowercased() != "all" {
            guard let value = TransactionType.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) else {
                throw AppError.validation("type must be Credit or Debit")
            }
            type = value
        }
        if let text = try? query.get(String.self, at: "search") {
            guard text.count <= 100 else { throw AppError.validation("search must be at most 100 characters") }
            search = text
        }
        from = try Self.date(query, "from", endOfDay: false)
        to = try Self.date(query, "to", endOfDay: true)
        if let from, let to, to <= from { throw AppError.validation("to must be after from") }
    }

    /// A bare date in `to` includes that whole day (UTC); a full timestamp is taken as is.
    static func date(_ query: URLQueryContainer, _ name: String, endOfDay: Bool) throws -> Date? {
        guard let text = try? query.get(String.self, at: name), !text.isEmpty else { return nil }
        guard let date = ISO8601Wire.parse(text) else { throw AppError.validation("\(name) must be an ISO 8601 date such as 2026-11-21") }
        return endOfDay && text.count == 10 ? date.addingTimeInterval(86_400) : date
    }
}
