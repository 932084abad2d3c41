import AllowanceCore
import Foundation

/// A child's sign-in in the family account the piggy bank moves into.
public struct ChildLogin: Sendable {
    public var email: String
    public var password: String

    public init(email: String, password: String) {
        self.email = email
        self.password = password
    }
}

extension LocalPiggyBankStore {
    /// Moves the whole piggy bank into a new family account in one step: the parent is
    /// registered (and signed in on `client`), each tally becomes a child with the login
    /// `login(tally)` gives, and each history row is posted in order with its note and, in
    /// the entry's notes, the day it was recorded on the device. Every row is sent with its
    /// own id as `Idempotency-Key`, so a repeat never posts it twice. The logins are checked
    /// before anything is sent; once everything is on the server the local tallies are removed.
    @discardableResult
    public func moveIntoNewFamily(
        _ parent: RegisterParentRequest, login: @Sendable (Tally) -> ChildLogin, using client: APIClient,
        format: DisplayFormat = DisplayFormat()
    ) async throws -> [ChildResponse] {
        let everything = try await everything()
        let logins = everything.map { login($0.tally) }
        for childLogin in logins {
            if let problem = AccountValidation.emailProblem(childLogin.email) ?? AccountValidation.newPasswordProblem(childLogin.password) {
                throw APIError.server(status: 400, code: "validation_error", message: problem)
            }
        }
        try await client.registerParent(parent)
        var children: [ChildResponse] = []
        for ((tally, history), childLogin) in zip(everything, logins) {
            let child = try await client.registerChild(
                RegisterChildRequest(
                    email: childLogin.email, password: childLogin.password, firstName: tally.name, lastName: parent.lastName,
                    weeklyAllowance: .zero))
            for entry in history {
                _ = try await client.createTransaction(
                    CreateTransactionRequest(
                        childId: child.id, amount: entry.amount, type: entry.type, description: entry.note ?? entry.type.label,
                        notes: "Recorded on this device on \(format.dateTime(entry.date))"),
                    idempotencyKey: entry.id.uuidString)
            }
            children.append(try await client.child(child.id))
        }
        for (tally, _) in everything { try await delete(tally.id) }
        return children
    }
}
