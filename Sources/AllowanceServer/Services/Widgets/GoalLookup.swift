import AllowanceAPI
import AllowanceCore
import Foundation
import SQLKit

/// "How close am I to Lego?": a voice request that names a goal instead of sending its id. It
/// searches the open goals (Active, Paused, Completed) of the children the caller may see: a
/// child's own, one child a parent names, or every child of a parent's family.
enum GoalLookup {
    static func siriProgress(named spoken: String, children: [ChildRecord], user: AuthUser, in context: ServiceContext) async throws
        -> SiriGoalLookupResponseDto
    {
        let owner: GoalNameMatch.Owner = !user.isParent ? .you : children.count == 1 ? .child(children[0].firstName) : .family
        var open: [(goal: GoalRecord, child: ChildRecord)] = []
        for child in children {
            let goals = try await GoalStore.goals(ofChild: child.id, statuses: [.active, .paused, .completed], on: context.sql)
            open += goals.map { ($0, child) }
        }
        // Said in alphabetical order, as a person lists things.
        open.sort { GoalNameMatch.folded($0.goal.name) < GoalNameMatch.folded($1.goal.name) }
        // A parent searching the whole family hears whose goal each one is.
        let label = { (item: (goal: GoalRecord, child: ChildRecord)) in
            owner == .family && children.count > 1 ? "\(item.goal.name) (\(item.child.firstName))" : item.goal.name
        }
        let found = GoalNameMatch.matches(spoken, in: open) { $0.goal.name }
        guard found.count == 1, let only = found.first else {
            let spokenResponse =
                found.isEmpty
                ? GoalNameMatch.spokenNoMatch(spoken, owner: owner, openGoals: open.map(label))
                : GoalNameMatch.spokenSeveral(spoken, owner: owner, matches: found.map(label))
            return SiriGoalLookupResponseDto(
                spokenResponse: spokenResponse, found: false, candidates: (found.isEmpty ? open : found).map(label))
        }
        let reply = try await WidgetService.siriGoalProgress(GoalAccess(user: user, goal: only.goal, child: only.child), in: context)
        return SiriGoalLookupResponseDto(
            spokenResponse: reply.spokenResponse, found: true, goalId: only.goal.id, childId: only.child.id, goalName: reply.goalName,
            progressPercentage: reply.progressPercentage, remainingAmount: reply.remainingAmount, candidates: [reply.goalName])
    }
}
