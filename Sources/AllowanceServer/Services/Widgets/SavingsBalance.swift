import AllowanceCore
import Foundation
import SQLKit

/// What a child has in savings goals, for the balance widget.
func savingsBalance(childID: UUID, on sql: SQLDatabase) async throws -> Money {
    // Integration: replaced by the sum of active goals when savings goals land
    .zero
}
