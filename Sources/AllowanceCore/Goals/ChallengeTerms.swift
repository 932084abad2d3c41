import Foundation

/// A time-bound savings challenge: save `target` into the goal between `startDate` and
/// `endDate` and the parent adds `bonus`. Only the child's own saving counts (deposits and
/// auto-transfers, not matches or bonuses). Deadlines are instants: the moment `endDate`
/// passes an unfinished challenge has failed, whether or not the expiry job has run.
public struct ChallengeTerms: Equatable, Sendable {
    public var target: Money
    public var startDate: Date
    public var endDate: Date
    public var bonus: Money
    public var status: ChallengeStatus

    public init(target: Money, startDate: Date, endDate: Date, bonus: Money, status: ChallengeStatus = .active) {
        self.target = target
        self.startDate = startDate
        self.endDate = endDate
        self.bonus = bonus
        self.status = status
    }

    /// The status a reader sees: an Active challenge past its end reads Failed.
    public func effectiveStatus(at now: Date) -> ChallengeStatus {
        status == .active && now >= endDate ? .failed : status
    }

    /// Running: saving now still counts toward it.
    public func isOpen(at now: Date) -> Bool { effectiveStatus(at: now) == .active }

    /// One contribution row, as the challenge sees it.
    public struct Saving: Sendable {
        public var type: ContributionType
        public var amount: Money
        public var at: Date

        public init(type: ContributionType, amount: Money, at: Date) {
            self.type = type
            self.amount = amount
            self.at = at
        }
    }

    /// What the child saved into the goal within the challenge's window.
    public func progress(of rows: [Saving]) -> Money {
        rows.reduce(.zero) { sum, row in
            row.type.isChildSaving && row.at >= startDate && row.at < endDate ? sum + row.amount : sum
        }
    }

    /// Whether `progress` completes the challenge now: running, and the target is reached.
    public func isWon(progress: Money, at now: Date) -> Bool { isOpen(at: now) && progress >= target }

    /// Progress toward the challenge's target, like a goal's (may pass 100).
    public func percentage(progress: Money) -> Double { GoalProgress(target: target, current: progress).percentage }

    /// Whole days left in the family's calendar; 0 on the last day and once it is over.
    public func daysRemaining(at now: Date, calendar: FamilyCalendar) -> Int {
        guard isOpen(at: now) else { return 0 }
        // A challenge ending at midnight ends with the day before: counted to that day.
        return max(0, calendar.daysBetween(now, calendar.lastDay(of: endDate)))
    }
}
