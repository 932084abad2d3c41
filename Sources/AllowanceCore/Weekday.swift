/// Days of the week as the documents number them (`DayOfWeek` in .NET): Sunday is 0. Read as
/// the number or the name (`6` or `"Saturday"`).
public enum Weekday: Int, NumberedEnum {
    case sunday = 0
    case monday, tuesday, wednesday, thursday, friday, saturday

    public var name: String {
        ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][rawValue]
    }

    /// Foundation's `Calendar` numbers weekdays from 1 (Sunday).
    var calendarWeekday: Int { rawValue + 1 }
}
