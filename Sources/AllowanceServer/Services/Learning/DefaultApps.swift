import AllowanceCore
import Fluent
import Foundation
import SQLKit

/// The common learning apps every family starts with (and two reward apps, which earn no
/// points), so a child's first session counts without any set-up. Parents change the list.
enum DefaultApps {
    struct App {
        let name: String
        let bundleIdentifier: String
        let category: AppCategoryKind
        let pointsPerHour: Int
    }

    static let all: [App] = [
        App(name: "Duolingo", bundleIdentifier: "com.duolingo.DuolingoMobile", category: .learning, pointsPerHour: 60),
        App(name: "Khan Academy", bundleIdentifier: "org.khanacademy.Khan-Academy", category: .learning, pointsPerHour: 60),
        App(name: "Khan Academy Kids", bundleIdentifier: "org.khanacademy.kids", category: .learning, pointsPerHour: 50),
        App(name: "Epic: Kids' Books", bundleIdentifier: "com.getepic.Epic", category: .learning, pointsPerHour: 50),
        App(name: "Prodigy Math", bundleIdentifier: "com.prodigygame.prodigy", category: .learning, pointsPerHour: 40),
        App(name: "ScratchJr", bundleIdentifier: "org.scratchjr.ScratchJr", category: .learning, pointsPerHour: 40),
        App(name: "Photomath", bundleIdentifier: "com.microblink.PhotoMath", category: .learning, pointsPerHour: 30),
        App(name: "YouTube Kids", bundleIdentifier: "com.google.ios.youtubekids", category: .reward, pointsPerHour: 0),
        App(name: "Minecraft", bundleIdentifier: "com.mojang.minecraftpe", category: .reward, pointsPerHour: 0),
    ]

    /// Gives a family the default list, keeping any app it already has (safe to run twice).
    static func seed(familyID: UUID, at now: Date, on sql: any SQLDatabase) async throws {
        for app in all {
            try await sql.raw(
                """
                INSERT INTO app_categories (id, family_id, app_name, bundle_identifier, category, points_per_hour, created_at)
                VALUES (\(bind: UUID()), \(bind: familyID), \(bind: app.name), \(bind: app.bundleIdentifier), \(bind: app.category.rawValue),
                        \(bind: app.pointsPerHour), \(bind: now))
                ON CONFLICT (family_id, bundle_identifier) DO NOTHING
                """
            ).run()
        }
    }
}
