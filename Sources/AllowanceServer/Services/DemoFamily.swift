import AllowanceAPI
import AllowanceCore
import Fluent
import Vapor

/// The family a new installation opens with (the Piggy Bank document): Kai and Freya, $100.00 each
/// today, after twelve weeks of history (`DemoFamily+History`).
public enum DemoFamily {
    public static let parentEmail = "parent@example.com"
    public static let password = "allowance"
    public static let familyName = "The Demo Family"
    public static let timeZone = "America/New_York"

    /// Creates the family when the database has none; says how to sign in.
    public static func seedIfEmpty(_ app: Application, withHistory: Bool = true) async throws {
        guard try await Family.query(on: app.db).count() == 0 else { return }
        try await seed(app, withHistory: withHistory)
    }

    public static func seed(_ app: Application, withHistory: Bool = true) async throws {
        guard try await User.query(on: app.db).filter(\.$email == parentEmail).first() == nil else {
            app.logger.notice("The demo family already exists; sign in as \(parentEmail) / \(password)")
            return
        }
        let context = app.context()
        let hash = try await context.password.hash(password)
        let family = Family(name: familyName, timeZone: timeZone)
        let parent = try await context.write { db in
            try await family.create(on: db)
            try await DefaultApps.seed(familyID: family.id!, at: context.now, on: db.sql)
            let parent = User(
                familyID: family.id!, email: parentEmail, passwordHash: hash, firstName: "Alex", lastName: "Demo", role: .parent)
            try await parent.create(on: db)
            return parent
        }
        // With history the children joined twelve weeks ago and `liveHistory` brings them to
        // today; without, they join today with their $100.00.
        let calendar = FamilyCalendar(identifier: timeZone) ?? FamilyCalendar(timeZone: .gmt)
        let start =
            withHistory
            ? calendar.startOfDay(calendar.adding(days: -historyDays, to: context.now)).addingTimeInterval(9 * 3_600) : context.now
        let children = [("Kai", Money(cents: 10_00), Money(cents: 60_00)), ("Freya", Money(cents: 8_00), Money(cents: 50_00))]
        var members: [Member] = []
        for (name, allowance, opening) in children {
            let email = "\(name.lowercased())@example.com"
            let id = try await AccountService.createChild(
                familyID: family.id!, email: email, passwordHash: hash, firstName: name, lastName: "Demo", allowance: allowance,
                day: .saturday, opening: withHistory ? opening : targetBalance, createdBy: parent.id, in: app.context(now: start))
            guard let child = try await FamilyDirectory.child(id, inFamily: family.id!, on: context.sql) else {
                throw AppError.notFound("Child")
            }
            members.append(Member(id: id, user: child.demoUser))
        }
        if withHistory {
            try await liveHistory(familyID: family.id!, parent: parent.demoUser, kai: members[0], freya: members[1], from: start, in: app)
        }
        try await seedLearning(members.map(\.id), familyID: family.id!, in: app.context())
        app.logger.notice(
            "Demo family ready. Parent sign-in: \(parentEmail) / \(password); children: kai@example.com, freya@example.com (same password)")
    }

    /// Three weeks of learning, so a new user sees charts, streaks and badges at once: Kai on
    /// Duolingo most afternoons (a streak still running), Freya on Khan Academy every other day.
    private static func seedLearning(_ childIDs: [UUID], familyID: UUID, in context: ServiceContext) async throws {
        let plans: [(app: String, days: [Int], minutes: (Int) -> Int)] = [
            ("com.duolingo.DuolingoMobile", [21, 20, 19, 17, 16, 15, 14, 13, 12, 11, 9, 8, 7, 6, 5, 4, 3, 2, 1], { 15 + $0 % 4 * 10 }),
            ("org.khanacademy.Khan-Academy", [21, 19, 17, 15, 13, 11, 9, 7, 5, 3, 1], { 30 + $0 % 3 * 15 }),
        ]
        for (childID, plan) in zip(childIDs, plans) {
            guard let child = try await FamilyDirectory.child(childID, inFamily: familyID, on: context.sql) else { continue }
            let today = child.calendar.startOfDay(context.now)
            for daysAgo in plan.days {
                // 16:00 local on that day.
                let start = child.calendar.startOfDay(child.calendar.adding(days: -daysAgo, to: today)).addingTimeInterval(16 * 3_600)
                let input = CreateLearningSessionDto(
                    childId: child.id, bundleIdentifier: plan.app, startTime: start,
                    endTime: start.addingTimeInterval(Double(plan.minutes(daysAgo) * 60)))
                _ = try await LearningSessionService.record(input, for: child, by: child.userID, in: context)
            }
        }
    }
}
