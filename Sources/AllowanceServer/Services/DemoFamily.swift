import AllowanceCore
import Fluent
import Vapor

/// The family a new installation opens with (the Piggy Bank document): Kai and Freya, $100.00 each.
public enum DemoFamily {
    public static let parentEmail = "parent@example.com"
    public static let password = "allowance"
    public static let familyName = "The Demo Family"
    public static let timeZone = "America/New_York"

    /// Creates the family when the database has none; says how to sign in.
    public static func seedIfEmpty(_ app: Application) async throws {
        guard try await Family.query(on: app.db).count() == 0 else { return }
        try await seed(app)
    }

    public static func seed(_ app: Application) async throws {
        guard try await User.query(on: app.db).filter(\.$email == parentEmail).first() == nil else {
            app.logger.notice("The demo family already exists; sign in as \(parentEmail) / \(password)")
            return
        }
        let context = app.context()
        let hash = try await context.password.hash(password)
        let family = Family(name: familyName, timeZone: timeZone)
        let parent = try await context.write { db in
            try await family.create(on: db)
            let parent = User(
                familyID: family.id!, email: parentEmail, passwordHash: hash, firstName: "Alex", lastName: "Demo", role: .parent)
            try await parent.create(on: db)
            return parent
        }
        for (name, allowance) in [("Kai", Money(cents: 1000)), ("Freya", Money(cents: 800))] {
            _ = try await AccountService.createChild(
                familyID: family.id!, email: "\(name.lowercased())@example.com", passwordHash: hash, firstName: name, lastName: "Demo",
                allowance: allowance, day: .saturday, opening: Money(cents: 100_00), createdBy: parent.id, in: context)
        }
        app.logger.notice(
            "Demo family ready. Parent sign-in: \(parentEmail) / \(password); children: kai@example.com, freya@example.com (same password)")
    }
}
