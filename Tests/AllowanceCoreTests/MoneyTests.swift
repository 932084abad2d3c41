import Testing
@testable import AllowanceCore
@Test func a() {}
