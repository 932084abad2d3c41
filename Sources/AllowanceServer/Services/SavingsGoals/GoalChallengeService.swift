import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit
import Vapor

/// Time-bound challenges: one running per goal, set by a parent.
enum GoalChallengeService {
    static func create(_ access: GoalAccess, _ input: CreateGoalChallengeDto, in context: ServiceContext) async throws -> GoalChallengeDto {
        let now = context.now
        let target = try GoalInput.amount(input.targetAmount, "Target amount")
        let bonus = try GoalInput.amount(input.bonusAmount, "Bonus amount")
        let endDate = try GoalInput.future(access.child.calendar.deadline(fromWire: input.endDate), "End date", now: now)
        let description = try GoalInput.note(input.description, "Description")
        // One whose end has passed is failed first (and its people told), making room.
        try await ChallengeOutcomes.failOverdue(goalID: access.goal.id, in: context)
        let challenge = GoalChallenge()
        try await context.write { db in
            let goal = try await GoalStore.lock(access.goal.id, on: db)
            guard goal.status == .active else {
                throw AppError.goalNotActive(goal.name, goal.status, so: "it cannot start a challenge")
            }
            guard try await ChallengeStore.active(forGoal: goal.id, on: db.sql) == nil else { throw alreadyRunning }
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
        return try await view(challengeID: challenge.id!, access, in: context)
    }

    /// The running challenge; 404 when there is none (one past its end is not running).
    static func active(_ access: GoalAccess, in context: ServiceContext) async throws -> GoalChallengeDto {
        guard let challenge = try await ChallengeStore.active(forGoal: access.goal.id, on: context.sql),
            challenge.terms.isOpen(at: context.now)
        else {
            throw AppError(.notFound, .notFound, "\(access.goal.name) has no active challenge")
        }
        return try await view(challengeID: challenge.id, access, in: context)
    }

    static func cancel(_ access: GoalAccess, in context: ServiceContext) async throws {
        let now = context.now
        try await ChallengeOutcomes.failOverdue(goalID: access.goal.id, in: context)
        try await context.write { db in
            let goal = try await GoalStore.lock(access.goal.id, on: db)
            let sql = db.sql
            guard let challenge = try await ChallengeStore.active(forGoal: goal.id, on: sql),
                try await ChallengeOutcomes.close(challenge.id, as: .cancelled, at: now, on: sql)
            else { throw AppError(.notFound, .notFound, "\(goal.name) has no active challenge") }
        }
    }

    /// Every challenge on the child's goals, newest first, each with its outcome.
    static func list(child: ChildRecord, in context: ServiceContext) async throws -> [GoalChallengeDto] {
        let sql = context.sql
        let challenges = try await ChallengeStore.challenges(ofChild: child.id, on: sql)
        let goals = Dictionary(uniqueKeysWithValues: try await GoalStore.goals(ofChild: child.id, on: sql).map { ($0.id, $0) })
        let progress = try await ChallengeStore.progress(of: challenges, on: sql)
        return challenges.compactMap { challenge in
            goals[challenge.goalID].map {
                GoalDTOs.challenge(
                    challenge, goal: $0, progress: progress[challenge.id] ?? .zero, now: context.now, calendar: child.calendar)
            }
        }
    }

    private static func view(challengeID: UUID, _ access: GoalAccess, in context: ServiceContext) async throws -> GoalChallengeDto {
        let sql = context.sql
        guard let challenge = try await ChallengeStore.challenge(challengeID, on: sql),
            let goal = try await GoalStore.goal(challenge.goalID, on: sql)
        else {
            throw AppError.notFound("Challenge")
        }
        let progress = try await ChallengeStore.progress(of: [challenge], on: sql)[challenge.id] ?? .zero
        return GoalDTOs.challenge(challenge, goal: goal, progress: progress, now: context.now, calendar: access.child.calendar)
    }

    private static let alreadyRunning = AppError(.conflict, .challengeExists, "This goal already has an active challenge; cancel it first")
}
