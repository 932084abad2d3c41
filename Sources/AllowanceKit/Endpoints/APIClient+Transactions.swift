import AllowanceAPI
import Foundation

/// Which page of a ledger, and which rows.
public struct TransactionQuery: Sendable, Equatable {
    public var limit: Int?
    public var offset: Int?
    public var type: TransactionType?
    public var search: String?
    public var from: Date?
    public var to: Date?

    public init(
        limit: Int? = nil, offset: Int? = nil, type: TransactionType? = nil, search: String? = nil, from: Date? = nil, to: Date? = nil
    ) {
        self.limit = limit
        self.offset = offset
        self.type = type
        self.search = search
        self.from = from
        self.to = to
    }

    var items: [URLQueryItem] {
        queryItems([
            "limit": limit.map(String.init), "offset": offset.map(String.init), "type": type?.rawValue, "search": search,
            "from": from?.wireText, "to": to?.wireText,
        ])
    }
}

/// The ledger.
extension APIClient {
    /// Records money in (`.credit`) or out (`.debit`). Pass the same `idempotencyKey` when a
    /// person repeats an attempt whose outcome is unknown: the money moves once.
    public func createTransaction(_ input: CreateTransactionRequest, idempotencyKey: String = UUID().uuidString) async throws
        -> TransactionResponse
    {
        try await call(APIRequest(.post, "/api/v1/transactions", json: input, idempotencyKey: idempotencyKey))
    }

    /// One page of a child's ledger, newest first (at most 100 rows a page).
    public func transactions(of childId: UUID, _ query: TransactionQuery = TransactionQuery()) async throws -> TransactionListResponse {
        try await call(APIRequest(.get, "/api/v1/children/\(childId)/transactions", query: query.items))
    }

    /// The server's CSV of every matching row (the list's filters; `limit` and `offset` are
    /// ignored), newest first, as a spreadsheet reads it.
    public func transactionsCSV(of childId: UUID, _ query: TransactionQuery = TransactionQuery()) async throws -> String {
        try await callForText(APIRequest(.get, "/api/v1/children/\(childId)/transactions.csv", query: query.items))
    }

    /// Every row that matches, newest first, page after page (for exports), each once. Rows
    /// posted while the pages are read (a payday, another parent) would push older rows onto
    /// the next page, which would then repeat one and the export miss another: so the later
    /// pages end where the first began, and a row already read is not added again.
    public func allTransactions(of childId: UUID, _ query: TransactionQuery = TransactionQuery()) async throws -> [TransactionResponse] {
        var page = query
        page.limit = 100
        page.offset = 0
        var rows: [TransactionResponse] = []
        var seen = Set<UUID>()
        while true {
            let list = try await transactions(of: childId, page)
            for row in list.transactions where seen.insert(row.id).inserted { rows.append(row) }
            guard list.hasMore else { return rows }
            if page.offset == 0, query.to == nil, let newest = list.transactions.first { page.to = Self.bound(after: newest.createdAt) }
            page.offset = (page.offset ?? 0) + list.transactions.count
        }
    }

    /// An end for the later pages that keeps the row shown at `shown`. The wire keeps whole
    /// milliseconds and drops the rest, so the row was stored up to a millisecond after `shown`,
    /// and a bound of `shown` plus 1 ms, as a `Double`, fell back onto `shown` itself about
    /// one time in ten once written: the pages then left out the newest row, and their offsets
    /// skipped one more. Two milliseconds and a half, written, are two: a row posted in between
    /// may come in too, and is dropped as one already read.
    static func bound(after shown: Date) -> Date {
        let milliseconds = (shown.timeIntervalSince1970 * 1_000).rounded() + 2.5
        return Date(timeIntervalSince1970: milliseconds / 1_000)
    }

    public func transaction(_ transactionId: UUID) async throws -> TransactionResponse {
        try await call(APIRequest(.get, "/api/v1/transactions/\(transactionId)"))
    }
}
