import Testing
import VaporTesting
@testable import AllowanceServer
@Test func b() {}
