import AllowanceAPI
import Foundation

/// A type that can show an example of itself; its schema is read off the example.
protocol APISample: Encodable {
    static var sample: Self { get }
}

extension Array: APISample where Element: APISample {
    static var sample: [Element] { [Element.sample] }
}
