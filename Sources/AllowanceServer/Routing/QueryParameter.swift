import AllowanceAPI
import Foundation

/// A query parameter as an endpoint reads it (`URLQueryContainer` in QueryReader.swift) and
/// `/openapi.json` describes it. An empty value reads as absent; only a `required` one (a
/// voice request's goal name) must be there.
struct QueryParameter: Sendable {
    enum Kind: Sendable {
        case integer(ClosedRange<Int>)
        /// `true`, `false`, `1` or `0`.
        case boolean
        /// A date ("2026-11-21") or an instant.
        case date
        case text(maxLength: Int)
        case choice([String])
    }

    let name: String
    let kind: Kind
    var required = false

    /// The longest text a query parameter takes.
    static let textLength = 100

    static func integer(_ name: String, _ range: ClosedRange<Int>) -> Self { .init(name: name, kind: .integer(range)) }
    static func boolean(_ name: String) -> Self { .init(name: name, kind: .boolean) }
    static func date(_ name: String) -> Self { .init(name: name, kind: .date) }
    static func text(_ name: String, maxLength: Int = textLength) -> Self {
        .init(name: name, kind: .text(maxLength: maxLength))
    }
    /// Text that must be there, with something besides blanks in it.
    static func requiredText(_ name: String, maxLength: Int = textLength) -> Self {
        .init(name: name, kind: .text(maxLength: maxLength), required: true)
    }
    static func choice(_ name: String, _ values: [String]) -> Self { .init(name: name, kind: .choice(values)) }
    /// A numbered enumeration, by its number or its name.
    static func numbered<E: NumberedEnum>(_ name: String, _ type: E.Type) -> Self {
        .choice(name, E.allCases.map { String($0.rawValue) } + E.allCases.map(\.name))
    }
}
