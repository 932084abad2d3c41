import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit

/// What savings goals tell people, through the Foundation's notification service (which
/// honours each person's preferences). The child hears of every step; parents hear of
/// outcomes: a goal reached, a challenge won or failed.
enum GoalNews {
    static func milestone(_ percent: Int, of goal: GoalRecord, child: ChildRecord, at now: Date, on db: Database) async throws {
        try await NotificationService.notify(
            child.userID, type: .goalMilestone, title: "Milestone reached!",
            message: "You've hit \(percent)% on your \(goal.name) goal! " + GoalProgress.celebrationMessage(percent, goalName: goal.name),
            childID: child.id, at: now, on: db)
    }

    static func gift(_ amount: Money, from giver: String, to goal: GoalRecord, child: ChildRecord, at now: Date, on db: Database)
        async throws
    {
        try await NotificationService.notify(
            child.userID, type: .transaction, title: "A gift for your goal!",
            message: "\(giver) put \(amount.formatted) into your \(goal.name) goal.", childID: child.id, at: now, on: db)
    }

    static func completed(_ goal: GoalRecord, child: ChildRecord, at now: Date, on db: Database) async throws {
        try await NotificationService.notify(
            child.userID, type: .goalCompleted, title: "Goal achieved!", message: "Congratulations! You saved enough for \(goal.name)!",
            childID: child.id, at: now, on: db)
        try await tellParents(
            of: child, type: .goalCompleted, title: "\(child.firstName) reached a savings goal",
            message: "\(child.firstName) saved \(goal.current.formatted) for \(goal.name) (target \(goal.target.formatted)).", at: now,
            on: db)
    }

    static func challengeWon(_ challenge: ChallengeRecord, goal: GoalRecord, child: ChildRecord, at now: Date, on db: Database) async throws
    {
        let terms = challenge.terms
        try await NotificationService.notify(
            child.userID, type: .challengeCompleted, title: "Challenge complete!",
            message: "You saved \(terms.target.formatted) toward \(goal.name) in time and earned a \(terms.bonus.formatted) bonus!",
            childID: child.id, at: now, on: db)
        try await tellParents(
            of: child, type: .challengeCompleted, title: "\(child.firstName) won the \(goal.name) challenge",
            message:
                "\(child.firstName) saved \(terms.target.formatted) in time; the \(terms.bonus.formatted) bonus was added to the goal.",
            at: now, on: db)
    }

    static func challengeFailed(
        _ challenge: ChallengeRecord, goalName: String, saved: Money, child: ChildRecord, at now: Date, on db: Database
    ) async throws {
        let target = challenge.terms.target
        try await NotificationService.notify(
            child.userID, type: .challengeFailed, title: "Challenge ended",
            message: "The \(goalName) challenge ended before you saved \(target.formatted) (you saved \(saved.formatted)). Keep going!",
            childID: child.id, at: now, on: db)
        try await tellParents(
            of: child, type: .challengeFailed, title: "\(child.firstName)'s \(goalName) challenge ended",
            message: "\(child.firstName) saved \(saved.formatted) of \(target.formatted) before the challenge ended.", at: now, on: db)
    }

    private static func tellParents(
        of child: ChildRecord, type: NotificationType, title: String, message: String, at now: Date, on db: Database
    ) async throws {
        for parentID in try await FamilyDirectory.parentUserIDs(ofFamily: child.familyID, on: db.sql) {
            try await NotificationService.notify(parentID, type: type, title: title, message: message, childID: child.id, at: now, on: db)
        }
    }
}
