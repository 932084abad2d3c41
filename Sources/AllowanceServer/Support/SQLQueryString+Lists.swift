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

    /// The parts joined with `separator`: ", " for multi-row `VALUES`, " UNION ALL " for
    /// several selects answered in one round trip.
    static func joined(_ parts: [SQLQueryString], separator: String = ", ") -> SQLQueryString {
        parts.dropFirst().reduce(parts.first ?? "") { $0 + SQLQueryString(separator) + $1 }
    }
}
