import AllowanceAPI
import AllowanceCore
import Vapor

/// Savings goals in the browser (the Savings Goals document): a child's goals, one goal with its
/// progress ring, milestones, challenge and matching, and the forms that act on it
/// (those are in GoalPages+Actions.swift).
struct GoalPages: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(SiteURL.goals(child: .key).pathComponents, use: list)
        routes.get(SiteURL.goalNew(child: .key).pathComponents, use: newForm)
        routes.post(SiteURL.goalNew(child: .key).pathComponents, use: create)
        routes.get(SiteURL.goal(.key).pathComponents, use: show)
        routes.get(SiteURL.goalAction(.key, .edit).pathComponents, use: editForm)
        routes.post(SiteURL.goalAction(.key, .edit).pathComponents, use: update)
        let actions: [(SiteURL.GoalAction, @Sendable (Request) async throws -> Response)] = [
            (.contribute, contribute), (.withdraw, withdraw), (.gift, gift), (.pause, pause), (.resume, resume), (.cancel, cancel),
            (.purchase, purchase),
            (.matching, startMatching), (.matchingOff, stopMatching), (.challenge, startChallenge), (.challengeCancel, cancelChallenge),
        ]
        for (action, handler) in actions {
            routes.post(SiteURL.goalAction(.key, action).pathComponents, use: handler)
        }
    }

    // MARK: - List

    @Sendable func list(req: Request) async throws -> Response {
        let user = try req.requireUser()
        let child = try await req.visibleChild(try req.uuidParameter("childId"))
        let goals = try await SavingsGoalService.list(child: child, status: nil, includeCompleted: true, milestones: false, in: req.context)
        let open: Set<GoalStatus> = [.active, .paused]
        let saved = goals.filter { open.contains($0.status) || $0.status == .completed }.reduce(Money.zero) { $0 + $1.currentAmount }
        return try await req.render(
            "goals", "\(child.firstName)'s Goals", section: "dashboard",
            ListPage(
                childId: child.id, childName: child.firstName, canCreate: true, isParent: user.isParent,
                active: try await GoalRow.html(goals.filter { open.contains($0.status) }, on: req),
                finished: try await GoalRow.html(goals.filter { !open.contains($0.status) }, on: req), totalSaved: saved.formatted))
    }

    /// GoalRowView: the progress colour moves red → orange → yellow → blue → green by quarter.
    static func row(_ goal: SavingsGoalDto) -> GoalRow {
        let percent = Int(goal.progressPercentage.rounded(.down))
        let band = percent >= 100 ? "p100" : percent >= 75 ? "p75" : percent >= 50 ? "p50" : percent >= 25 ? "p25" : "p0"
        return GoalRow(
            id: goal.id, name: goal.name, imageUrl: goal.imageUrl,
            category: goal.categoryName, icon: Icons.goal(goal.category),
            current: goal.currentAmount.formatted, target: goal.targetAmount.formatted, percent: min(percent, 100), band: band,
            status: goal.statusName, isActive: goal.status == .active, hasChallenge: goal.hasActiveChallenge,
            hasMatching: goal.hasMatchingRule,
            daysLeft: goal.daysRemaining.map { $0 == 1 ? "1 day left" : "\($0) days left" }, projection: goal.projectedCompletionText)
    }

    // MARK: - Detail

    @Sendable func show(req: Request) async throws -> Response {
        let access = try await req.visibleGoal(try req.uuidParameter("goalId"))
        return try await req.render("goal", access.goal.name, section: "dashboard", try await detail(req, access))
    }

    func detail(_ req: Request, _ access: GoalAccess, error: String? = nil) async throws -> DetailPage {
        let goal = try await SavingsGoalService.show(access, in: req.context)
        let calendar = access.child.calendar
        let history = try await GoalMoneyService.contributions(access, filter: ContributionFilter(limit: 50), in: req.context)
        let row = Self.row(goal)
        let matching = goal.matchingRule.map { rule -> Matching in
            let used =
                rule.maxMatchAmount.map { "\(rule.totalMatchedAmount.formatted) of \($0.formatted) used" }
                ?? "\(rule.totalMatchedAmount.formatted) matched so far"
            let live = rule.isActive && !rule.isExpired
            return Matching(
                description: rule.typeDescription, used: used, isLive: live,
                state: rule.isExpired ? "Expired" : rule.isActive ? "Active" : "Off")
        }
        let challenge = goal.activeChallenge.map { c in
            Challenge(
                target: c.targetAmount.formatted, progress: c.currentProgress.formatted,
                percent: min(Int(c.progressPercentage.rounded(.down)), 100),
                daysLeft: c.daysRemaining == 1 ? "1 day left" : "\(c.daysRemaining) days left", bonus: c.bonusAmount.formatted,
                endDate: calendar.displayDate(calendar.lastDay(of: c.endDate)))
        }
        let open = goal.status == .active || goal.status == .paused
        return DetailPage(
            goal: row, childId: access.child.id, childName: access.child.firstName, description: goal.description,
            productUrl: goal.productUrl,
            ring: Charts.progressRing(percent: goal.progressPercentage, label: "\(goal.name) progress", size: 140),
            remaining: goal.remainingAmount.formatted, targetDate: goal.targetDate.map(Self.displayDay),
            autoTransfer: goal.autoTransferType == .none
                ? nil
                : goal.autoTransferType == .percentage
                    ? "\(goal.autoTransferAmount.plainText.replacingOccurrences(of: ".00", with: ""))% of each allowance"
                    : "\(goal.autoTransferAmount.formatted) from each allowance",
            milestones: goal.milestones.map {
                Milestone(
                    percent: $0.percentComplete, amount: $0.targetAmount.formatted, achieved: $0.isAchieved,
                    bonus: $0.bonusAmount.map(\.formatted))
            },
            challenge: challenge, matching: matching,
            contributions: history.map { c in
                Contribution(
                    description: c.description ?? Self.contributionLabel(c.type),
                    type: c.giverName.map { "\(Self.contributionLabel(c.type)) from \($0)" } ?? Self.contributionLabel(c.type),
                    amount: (c.amount.isNegative ? "" : "+") + c.amount.formatted,
                    isIn: !c.amount.isNegative, when: calendar.displayDateTime(c.createdAt), by: c.createdByName)
            },
            isParent: access.user.isParent, canContribute: goal.status == .active,
            canAffordText: goal.canAfford && goal.status == .active ? "\(access.child.firstName) has enough to finish this goal now." : nil,
            isCompleted: goal.status == .completed, isPaused: goal.status == .paused, isOpen: open,
            childBalance: access.child.balance.formatted,
            celebration: req.query[String.self, at: "celebrate"].flatMap { Self.celebration($0, goal: goal.name) },
            today: Date.ISO8601FormatStyle(timeZone: calendar.timeZone).year().month().day().format(req.now), error: error)
    }

    /// A goal's target date is a calendar day kept as midnight UTC: shown as that day.
    static func displayDay(_ day: Date) -> String { FamilyCalendar(timeZone: .gmt).displayDate(day) }

    static func contributionLabel(_ type: ContributionType) -> String {
        switch type {
        case .childDeposit: "Saved"
        case .autoTransfer: "Auto-transfer"
        case .parentMatch: "Parent match"
        case .parentGift: "Gift"
        case .challengeBonus: "Challenge bonus"
        case .withdrawal: "Withdrawn"
        case .externalGift: "Gift"
        case .purchase: "Purchased"
        }
    }

    /// The words of the celebration view after a milestone or the goal itself.
    static func celebration(_ code: String, goal: String) -> String? {
        switch code {
        case "done": "You reached your goal: \(goal)! Time to celebrate."
        case "25": "25% of the way to \(goal)! A great start."
        case "50": "Halfway to \(goal)! Keep going."
        case "75": "75% there! \(goal) is almost yours."
        case "challenge": "Challenge complete! The bonus was added to \(goal)."
        default: nil
        }
    }
}
