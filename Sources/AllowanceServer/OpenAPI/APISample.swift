import AllowanceAPI
import Foundation

/// A wire type that can show an example of itself; its schema is read off the example
/// (`SchemaCatalog`), so every optional field must be filled in it.
protocol APISample: Encodable, Sendable {
    static var sample: Self { get }
    /// The limits the server checks on a request's fields, by property name (`FieldRule`), merged
    /// into the schema read off the sample. A test keeps every name a property of the type.
    static var fieldRules: [String: [String: Any]] { get }
}

extension APISample {
    static var fieldRules: [String: [String: Any]] { [:] }
}

extension Array: APISample where Element: APISample {
    static var sample: [Element] { [Element.sample] }
}
