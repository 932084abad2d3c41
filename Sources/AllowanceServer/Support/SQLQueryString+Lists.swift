import SQLKit

extension SQLQueryString {
    /// `(?, ?, ...)`, one bound value each, for an `IN`.
    static func list<Value: Encodable & Sendable>(_ values: [Value]) -> SQLQueryString {
        var query: SQLQueryString = "("
        for (index, value) in values.enumerated() {
            if index > 0 { query.appendLiteral(", ") }
            query.appendInterpolation(bind: value)
        }
        query.appendLiteral(")")
        return query
    }
}
