import Foundation
import Testing

@testable import AllowanceCore

private typealias F = LearningRulesFixture

/// Basic against Premium, the 7 days of grace and the 3-goal limit.
@Suite struct LearningPlanTests {
    let until = F.utc("2026-12-01T00:00:00Z")

    @Test func premiumThenGraceThenBasic() {
        #expect(LearningPlan(premiumUntil: nil, now: until) == .basic)
        #expect(LearningPlan(premiumUntil: until, now: F.utc("2026-11-30T23:59:59Z")) == .premium)
        let graceEnd = F.utc("2026-12-08T00:00:00Z")
        #expect(LearningPlan(premiumUntil: until, now: until) == .grace(until: graceEnd))
        #expect(LearningPlan(premiumUntil: until, now: F.utc("2026-12-07T23:59:59Z")) == .grace(until: graceEnd))
        #expect(LearningPlan(premiumUntil: until, now: graceEnd) == .basic)
    }

    @Test func graceKeepsPremiumFeaturesAndReadsAsPremium() {
        let grace = LearningPlan(premiumUntil: until, now: F.utc("2026-12-03T12:00:00Z"))
        #expect(grace.name == "Premium" && grace.inGracePeriod && grace.hasPremiumFeatures)
        let all = LearningPlanFeatures(unlimitedGoals: true, advancedBadges: true, customNotifications: true, detailedAnalytics: true)
        #expect(grace.features == all && LearningPlan.premium.features == all)
        #expect(!LearningPlan.premium.inGracePeriod)
        let basic = LearningPlan.basic
        #expect(basic.name == "Basic" && !basic.inGracePeriod)
        #expect(
            basic.features
                == LearningPlanFeatures(unlimitedGoals: false, advancedBadges: false, customNotifications: false, detailedAnalytics: false))
    }

    @Test func basicAllowsThreeActiveGoalsPerChild() {
        #expect(LearningPlan.basic.refusalToAddGoal(activeGoals: 2, childName: "Kai") == nil)
        #expect(
            LearningPlan.basic.refusalToAddGoal(activeGoals: 3, childName: "Kai")
                == "Kai already has 3 active learning goals, the most the Basic plan allows. "
                + "Premium unlocks unlimited learning goals, custom badges, detailed analytics and custom notifications.")
        // A lapsed family that made 5 under Premium keeps them but cannot add a sixth.
        #expect(LearningPlan.basic.refusalToAddGoal(activeGoals: 5, childName: "Freya")?.hasPrefix("Freya already has 5") == true)
        #expect(LearningPlan.premium.refusalToAddGoal(activeGoals: 40, childName: "Kai") == nil)
        #expect(LearningPlan.grace(until: until).refusalToAddGoal(activeGoals: 40, childName: "Kai") == nil)
    }
}
