import Foundation
import Testing

@testable import AllowanceCore

/// The app tiers of the catalogue and a family's own badges, earned by the same rules.
@Suite struct AppAndCustomBadgeTests {
    let duolingo = "com.duolingo.DuolingoMobile"
    let khan = "org.khanacademy.Khan-Academy"
    let epic = "com.getepic.Epic"

    func stats(apps: [String: Int]) -> LearningStats {
        LearningStats(
            pointsEarned: 0, learningMinutes: apps.values.reduce(0, +), longestStreak: 0, goalsCompleted: 0, appMinutes: apps)
    }

    func keys(_ awards: [BadgeAward]) -> [String] { awards.map(\.badge.key) }

    @Test func appTiersCountDifferentAppsAndTheMostUsedOne() {
        // Two apps: no Explorer; 4 h 59 min on one: no Specialist.
        #expect(keys(BadgeCatalog.awards(by: stats(apps: [duolingo: 299, khan: 10]), held: [:])).isEmpty)
        // A third app, and 5 hours on Duolingo.
        let awards = BadgeCatalog.awards(by: stats(apps: [duolingo: 300, khan: 10, epic: 1]), held: [:])
        #expect(keys(awards) == ["apps-3", "app-hours-5"])
        // Five hours spread over apps is not five hours on one.
        #expect(!keys(BadgeCatalog.awards(by: stats(apps: [duolingo: 150, khan: 150]), held: [:])).contains("app-hours-5"))
        let master = BadgeCatalog.all.first { $0.key == "app-hours-25" }
        #expect(master?.isRare == true && master?.criteria == "Learn for 25 hours on one app")
        // Progress counts minutes: 12 h 30 min is halfway to 25 hours.
        #expect(master?.progress(in: stats(apps: [duolingo: 750])) == 0.5)
    }

    @Test func aCustomBadgeIsEarnedOnceLikeTheCatalogues() throws {
        let id = UUID()
        let spanish = CustomBadges.definition(
            id: id, title: "Spanish Star", description: nil, icon: nil, kind: .appHours, threshold: 2, bundleIdentifier: duolingo,
            appName: "Duolingo", pointsAwarded: 40)
        #expect(spanish.key == "custom-" + id.uuidString.lowercased())
        #expect(CustomBadges.id(inKey: spanish.key) == id)
        #expect(spanish.criteria == "Learn for 2 hours on Duolingo" && spanish.description == spanish.criteria)
        #expect(spanish.icon == "rosette" && !spanish.isRepeatable)
        let badges = BadgeCatalog.all + [spanish]
        // Two hours on another app earns nothing of it.
        #expect(!keys(BadgeCatalog.awards(among: badges, by: stats(apps: [khan: 120]), held: [:])).contains(spanish.key))
        let award = try #require(
            BadgeCatalog.awards(among: badges, by: stats(apps: [duolingo: 120]), held: [:]).first { $0.badge.key == spanish.key })
        #expect(award.isFirst && award.bonusPoints == 40)
        // Held once, it is not earned again, however much more is done.
        #expect(
            !keys(BadgeCatalog.awards(among: badges, by: stats(apps: [duolingo: 600]), held: [spanish.key: 1])).contains(spanish.key))
    }

    @Test func customBadgeFieldsAreCheckedWithMessagesAParentCanActOn() {
        func refusal(_ title: String = "Reader", _ kind: BadgeMeasureKind = .hours, threshold: Int = 5, app: String? = nil, bonus: Int = 0)
            -> String?
        {
            CustomBadges.refusal(title: title, kind: kind, threshold: threshold, bundleIdentifier: app, pointsAwarded: bonus)
        }
        #expect(refusal() == nil)
        #expect(refusal("  ") == "Title is required")
        #expect(refusal(String(repeating: "a", count: 61)) == "Title must be 60 characters or fewer")
        #expect(refusal(threshold: 0) == "Target must be a whole number from 1 to 100,000")
        #expect(refusal(bonus: -1) == "Bonus points must be a whole number from 0 to 10,000")
        #expect(refusal("Spanish", .appHours) == "Choose the app an AppHours badge counts")
        #expect(refusal("Spanish", .appHours, app: duolingo) == nil)
        #expect(CustomBadges.id(inKey: "streak-7") == nil && CustomBadges.id(inKey: "custom-nonsense") == nil)
    }
}
