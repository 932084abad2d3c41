import Foundation

@testable import AllowanceCore

/// Zones and instants for the learning rules' tests. Instants are written in UTC with the
/// family's local time beside them, so each expectation can be checked by hand.
enum LearningRulesFixture {
    static let newYork = FamilyCalendar(identifier: "America/New_York")!
    static let london = FamilyCalendar(identifier: "Europe/London")!
    static let tokyo = FamilyCalendar(identifier: "Asia/Tokyo")!

    static func utc(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }
}
