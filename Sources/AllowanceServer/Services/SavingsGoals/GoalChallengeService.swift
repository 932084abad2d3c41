import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit
import Vapor

/// Time-bound challenges: one running per goal, set by a parent.
enum GoalChallengeService {
    static func create(_ access: GoalAccess, _ input: CreateGoalChallengeDto, on req: Request) async throws -> GoalChallengeDto {
        let now = req.now
        let target = try GoalInput.amount(input.targetAmount, "Target amount")
        let bonus = try GoalInput.amount(input.bonusAmount, "Bonus amount")
        let endDate = try GoalInput.future(access.child.calendar.deadline(fromWire: input.endDate), "End date", now: now)
        let description = try GoalInput.note(input.description, "Description")
        // One whose end has passed is failed first (and its people told), making room.
        try await ChallengeOutcomes.failOverdue(goalID: access.goal.id, at: now, on: req.db)
        let challenge = GoalChallenge()
        try await req.db.writeTransaction { db in
            let goal = try await GoalStore.lock(access.goal.id, on: db)
            guard goal.status == .active else {
                throw AppError(.conflict, "goal_not_active", "\(goal.name) is \(goal.status.name.lowercased()); a challenge needs an active goal")
            }
            guard try await ChallengeStore.active(forGoal: goal.id, on: db as! SQLDatabase) == nil else { throw alreadyRunning }
            challenge.goalID = goal.id
            challenge.createdBy = access.user.userID
            challenge.targetAmountCents = target.cents
            challenge.startDate = now
            challenge.endDate = endDate
            challenge.bonusAmountCents = bonus.cents
            challenge.status = ChallengeStatus.active.rawValue
            challenge.description = description
            challenge.createdAt = now
            do {
                try await challenge.create(on: db)
            } catch let error as any DatabaseError where error.isConstraintFailure {
                throw alreadyRunning
            }
        }
        return try await view(challengeID: challenge.id!, access, on: req)
    }

    /// The running challenge; 404 when there is none (one past its end is not running).
    static func active(_ access: GoalAccess, on req: Request) async throws -> GoalChallengeDto {
        guard let challenge = try await ChallengeStore.active(forGoal: access.goal.id, on: req.db()), challenge.terms.isOpen(at: req.now) else {
            throw AppError(.notFound, "not_found", "\(access.goal.name) has no active challenge")
        }
        return try await view(challengeID: challenge.id, access, on: req)
    }

    static func cancel(_ access: GoalAccess, on req: Request) async throws {
        let now = req.now
        try await ChallengeOutcomes.failOverdue(goalID: access.goal.id, at: now, on: req.db)
        try await req.db.writeTransaction { db in
            let goal = try await GoalStore.lock(access.goal.id, on: db)
            let sql = db as! SQLDatabase
            guard let challenge = try await ChallengeStore.active(forGoal: goal.id, on: sql),
                try await ChallengeOutcomes.close(challenge.id, as: .cancelled, at: now, on: sql)
            else { throw AppError(.notFound, "not_found", "\(goal.name) has no active challenge") }
        }
    }

    /// Every challenge on the child's goals, newest first, each with its outcome.
    static func list(child: ChildRecord, on req: Request) async throws -> [GoalChallengeDto] {
        let sql = req.db()
        let challenges = try await ChallengeStore.challenges(ofChild: child.id, on: sql)
        let goals = Dictionary(uniqueKeysWithValues: try await GoalStore.goals(ofChild: child.id, on: sql).map { ($0.id, $0) })
        let progress = try await ChallengeStore.progress(of: challenges, on: sql)
        return challenges.compactMap { challenge in
            goals[challenge.goalID].map {
                GoalViews.challenge(challenge, goal: $0, progress: progress[challenge.id] ?? .zero, now: req.now, calendar: child.calendar)
            }
        }
    }

    private static func view(challengeID: UUID, _ access: GoalAccess, on req: Request) async throws -> GoalChallengeDto {
        let sql = req.db()
        guard let challenge = try await ChallengeStore.challenge(challengeID, on: sql), let goal = try await GoalStore.goal(challenge.goalID, on: sql) else {
            throw AppError.notFound("Challenge")
        }
        let progress = try await ChallengeStore.progress(of: [challenge], on: sql)[challenge.id] ?? .zero
        return GoalViews.challenge(challenge, goal: goal, progress: progress, now: req.now, calendar: access.child.calendar)
    }

    private static let alreadyRunning = AppError(.conflict, "challenge_exists", "This goal already has an active challenge; cancel it first")
}
