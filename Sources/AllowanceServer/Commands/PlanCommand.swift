import AllowanceAPI
import AllowanceCore
import Foundation
import SQLKit
import Vapor

/// `allowance-server plan --family-email parent@example.com premium --until 2027-01-01`, or
/// `... basic`: the operator records a family's plan (the app store's purchase arrives this way).
struct PlanCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Argument(name: "plan", help: "premium or basic")
        var plan: String

        @Option(name: "family-email", help: "The email of one of the family's parents")
        var familyEmail: String?

        @Option(name: "until", help: "For premium: the last day (2027-01-01) or instant it lasts")
        var until: String?
    }

    var help: String { "Sets a family's plan: premium --until DATE, or basic." }

    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        guard let email = signature.familyEmail?.lowercased() else { throw Refusal(description: "--family-email is required") }
        struct Row: Decodable {
            let family_id: UUID
            let name: String
            let time_zone: String
        }
        guard
            let family = try await app.db.sql.raw(
                """
                SELECT u.family_id, f.name, f.time_zone FROM users u JOIN families f ON f.id = u.family_id
                WHERE lower(u.email) = \(bind: email) AND u.role = \(bind: UserRole.parent.rawValue)
                """
            ).first(decoding: Row.self)
        else { throw Refusal(description: "No parent signs in as \(email)") }
        let calendar = FamilyCalendar(identifier: family.time_zone) ?? FamilyCalendar(timeZone: .gmt)
        switch signature.plan.lowercased() {
        case "premium":
            guard let text = signature.until, let date = ISO8601Wire.parse(text) else {
                throw Refusal(description: "premium needs --until, a date such as 2027-01-01")
            }
            let until = calendar.deadline(fromWire: date)
            guard until > app.clock.now() else { throw Refusal(description: "--until must be in the future") }
            try await PlanService.set(premiumUntil: until, forFamily: family.family_id, in: app.context())
            context.console.print("\(family.name) is Premium until \(until.formatted(.iso8601)).")
        case "basic":
            try await PlanService.set(premiumUntil: nil, forFamily: family.family_id, in: app.context())
            context.console.print("\(family.name) is on the Basic plan.")
        default:
            throw Refusal(description: "The plan is premium or basic, not \(signature.plan)")
        }
    }
}
