#!/usr/bin/env python3
"""Checks the iPhone app's sources (Apps/) against AllowanceKit, on a machine without Xcode.

The SwiftUI layer is never compiled here, so this script checks what a compiler or a UI test
run on a Mac would otherwise be the first to find:

1. screens: every screen and widget the product documents name has its view file under Apps/
   (one file per screen, named for the view it declares), and the design system has its files;
2. view models: every AllowanceKit (or AllowanceAPI / AllowanceCore) type a view names, and
   each member the view binds (`viewModel.email`, `$viewModel.amount`, `app.client`, ...),
   exists in Sources/ and is public;
3. UI tests: every accessibility identifier the UI tests look up (`matching(identifier:)`,
   `otherElements[...]`, and `[...]` keys that are no visible text) is set by some view with
   `.accessibilityIdentifier(...)`, and every label they look up is text the app can show.

`--spec DIR` also reads the product documents (app-screens.md, ...) from DIR and requires every
SwiftUI view, widget and intent they declare in code to be declared under Apps/.
Exit status 1 with one line per problem; 0 with a summary.
"""

import argparse
import os
import re
import sys

ROOT = APP = ""
KIT_SOURCES = []


def use_root(root):
    """Where the repository is (its tests point this at a small tree of their own)."""
    global ROOT, APP, KIT_SOURCES, _app_types
    ROOT = root
    APP = os.path.join(root, "Apps", "AllowanceTracker")
    KIT_SOURCES = [os.path.join(root, "Sources", name) for name in ("AllowanceKit", "AllowanceAPI", "AllowanceCore")]
    _app_types = None


use_root(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Each document's screens, as the view files that hold them (the documents' own names where they give one).
SCREENS = {
    "app-screens.md 1-5": [
        "LoginView", "RegisterParentView", "RegisterChildView", "ParentDashboardView", "FamilyOverviewCard",
        "ChildCardView", "ChildDashboardView", "BalanceCardView", "MonthlyStatsCard", "TransactionListView",
        "TransactionRowView", "TransactionDetailView", "CreateTransactionView", "SettingsView", "EditProfileView",
        "NotificationPreferencesView",
    ],
    "app-screens.md 6 (navigation)": ["AllowanceTrackerApp", "MainTabView", "RouteDestination", "ChildDetailView"],
    "app-screens.md 7 (design system)": [
        "Colors", "Typography", "Spacing", "PrimaryButton", "SecondaryButton", "AppTextField", "AppSecureField",
        "CurrencyTextField", "CardView", "ErrorBanner",
    ],
    "piggy-bank.md (home, row, detail)": ["PiggyBankView", "TallyRowView", "TallyDetailView"],
    "savings-goals.md": [
        "SavingsGoalsView", "GoalRowView", "GoalDetailView", "GoalHeaderView", "MilestonesView", "CelebrationView",
        "CreateGoalView", "ContributeSheet", "WithdrawSheet", "SetupMatchingSheet", "CreateChallengeSheet",
        "ChallengeCardView", "MatchingRuleCardView", "ContributionHistoryView",
    ],
    "quick-actions.md": [
        "RecurringTransactionsView", "RecurringTransactionRow", "CreateRecurringView", "TemplatesView",
        "BalanceWidget", "BalanceWidgetView", "GoalProgressWidget", "GoalProgressWidgetView", "QuickActionsWidget",
        "QuickActionsWidgetView", "FamilyBalancesWidget", "CheckBalanceIntent", "CheckGoalProgressIntent",
        "QuickTransactionIntent", "AllowanceShortcuts",
    ],
    "learning-goals-and-badges.md": [
        "GoalsView", "GoalProgressCard", "AchievementBadgesView", "GoalCreationView", "GoalHistoryView",
        "GoalComparisonView", "AchievementCelebrationView", "GoalDetailSheet",
    ],
    "notifications (app-screens.md 6.1 route)": ["NotificationsView"],
}

# Code in the documents that shows an idea rather than a screen of this app (the ViewModel
# protocol sketch, accessibility examples, the spec's IntentConfiguration-era widget entry).
SPEC_EXAMPLES = {"ScalableText", "AccessibleButton"}

# Helpers of the documents' code that the app names differently: document name -> the app's.
RENAMED = {"StatColumn": "StatView", "AllowanceTrackerShortcuts": "AllowanceShortcuts"}

# Labels the UI tests read that come from the server's demo family, not from app text.
DEMO_DATA_LABELS = {"Kai Demo"}


def read(path):
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def swift_files(folder):
    for directory, _, names in os.walk(folder):
        for name in sorted(names):
            if name.endswith(".swift"):
                yield os.path.join(directory, name)


def strip_comments(text):
    """Drops // and /* */ comments, keeping string literals (and their interpolations)."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif text[i] == '"':
            j = skip_string(text, i)
            out.append(text[i:j])
            i = j
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def skip_string(text, i):
    """The index after the string literal starting at i (plain or multi-line)."""
    if text.startswith('"""', i):
        j = text.find('"""', i + 3)
        return len(text) if j < 0 else j + 3
    j = i + 1
    while j < len(text) and text[j] not in '"\n':
        j += 2 if text[j] == "\\" else 1
    return j + 1


def blank_strings(text):
    """Replaces string contents with spaces so braces inside strings do not count."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text[i] == '"':
            j = skip_string(text, i)
            out.append('"' + " " * max(0, j - i - 2) + '"')
            i = j
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


DECL = re.compile(r"^\s*((?:@[\w.]+(?:\([^)]*\))?\s+|[a-z]+(?:\(set\))?\s+)*)(class|struct|enum|actor|extension|protocol)\s+([\w.]+)")
MEMBER = re.compile(
    r"^\s*((?:@[\w.]+(?:\([^)]*\))?\s+|(?:public|open|internal|private|fileprivate|static|final|nonisolated|override|"
    r"mutating|lazy|weak|indirect|convenience|required|class)(?:\(set\))?\s+)*)(var|let|func|case|init|subscript)\b\s*([\w`]*)(.*)$"
)


class Index:
    """Every type of the Kit's modules with its members and whether each is public."""

    def __init__(self):
        self.members = {}  # type name -> {member: is_public}
        self.declared = set()  # types declared here (not only extended: String, Array, ...)

    def add_file(self, path):
        text = blank_strings(strip_comments(read(path)))
        self._scan(text.split("\n"), None, False)

    def _scan(self, lines, owner, owner_is_protocol):
        depth, i = 0, 0
        while i < len(lines):
            line = lines[i]
            if depth == 0:
                decl = DECL.match(line)
                if decl and "{" in "".join(lines[i:i + 4]):
                    kind, name = decl.group(2), decl.group(3).split(".")[-1]
                    body, end = self._body(lines, i)
                    self.members.setdefault(name, {})
                    if kind != "extension":
                        self.declared.add(name)
                    if kind == "enum" and re.search(r":\s*(String|Int)\b", line):
                        # A raw-value enum has `rawValue` and `init(rawValue:)` without declaring them.
                        self.members[name]["rawValue"] = "public" in decl.group(1)
                    if re.search(r"\bCaseIterable\b", line):
                        self.members[name]["allCases"] = "public" in decl.group(1)
                    if owner and kind != "extension":
                        self.members[owner][name] = "public" in decl.group(1) or owner_is_protocol
                    self._scan(body, name, kind == "protocol")
                    i = end + 1
                    continue
                member = MEMBER.match(line) if owner else None
                if member:
                    modifiers, keyword, name, rest = member.groups()
                    public = "public" in modifiers or "open" in modifiers or owner_is_protocol or keyword == "case"
                    names = [name.strip("`")]
                    if keyword == "case":
                        names += [m.group(1) for m in re.finditer(r",\s*(\w+)", rest.split("(")[0])]
                    for each in names:
                        if each:
                            previous = self.members[owner].get(each, False)
                            self.members[owner][each] = previous or public
            depth += line.count("{") - line.count("}")
            i += 1

    @staticmethod
    def _body(lines, start):
        """The lines inside the braces opened at or after `start`, and the index of the closing line."""
        text = "\n".join(lines[start:])
        opening = text.index("{")
        depth = 0
        for position in range(opening, len(text)):
            if text[position] == "{":
                depth += 1
            elif text[position] == "}":
                depth -= 1
                if depth == 0:
                    return text[opening + 1:position].split("\n"), start + text.count("\n", 0, position)
        return text[opening + 1:].split("\n"), len(lines) - 1


VAR_DECL = re.compile(r"(?:var|let)\s+(\w+)\s*:\s*([A-Z][\w.]*)(\??)")
ENV_DECL = re.compile(r"@Environment\((\w+)\.self\)\s*(?:private\s+)?var\s+(\w+)")
ALIAS_DECL = re.compile(r"@Bindable\s+var\s+(\w+)\s*=\s*(\w+)\s*$", re.M)
USE = re.compile(r"(?<![\w.])\$?(\w+)(\??)\.(\w+)")


def check_bindings(index, problems):
    """Every Kit type a view names, and every member it binds, exists and is public."""
    checked = 0
    for path in swift_files(APP):
        if "/UITests/" in path:
            continue
        text = strip_comments(read(path))
        rel = os.path.relpath(path, ROOT)
        types = {}
        optional = set()
        for name, type_name, question in VAR_DECL.findall(text):
            types.setdefault(name, set()).add(type_name.split(".")[-1])
            if question:
                optional.add(name)
        for type_name, name in ENV_DECL.findall(text):
            types.setdefault(name, set()).add(type_name)
        for name, source in ALIAS_DECL.findall(text):
            types.setdefault(name, set()).update(types.get(source, set()))
        for name, type_names in types.items():
            known = {t for t in type_names if t in index.declared}
            for t in type_names:
                if t.endswith("ViewModel") and t not in index.declared and not declared_in_app(t):
                    problems.append(f"{rel}: {name} is a {t}, which AllowanceKit does not declare")
            if not known:
                continue
            for match in USE.finditer(text):
                # An optional's own members (`map`, `flatMap`) are Optional's: only `name?.x` reaches the type.
                if match.group(1) != name or (name in optional) != bool(match.group(2)):
                    continue
                member = match.group(3)
                checked += 1
                owners = [t for t in known if member in index.members[t]]
                if not owners:
                    problems.append(f"{rel}: {name}.{member}: {'/'.join(sorted(known))} has no member {member}")
                elif not any(index.members[t][member] for t in owners):
                    problems.append(f"{rel}: {name}.{member} is not public in {'/'.join(sorted(owners))}")
    return checked


_app_types = None


def declared_in_app(type_name):
    global _app_types
    if _app_types is None:
        _app_types = set()
        for path in swift_files(APP):
            _app_types.update(re.findall(r"(?:struct|class|enum)\s+(\w+)", strip_comments(read(path))))
    return type_name in _app_types


def check_screens(problems, spec_dir):
    """Each screen has its file, declaring it."""
    files = {os.path.splitext(os.path.basename(p))[0]: p for p in swift_files(APP)}
    declared = set()
    for path in swift_files(APP):
        declared.update(re.findall(r"(?:struct|class|enum)\s+(\w+)", strip_comments(read(path))))
    count = 0
    for document, screens in SCREENS.items():
        for screen in screens:
            count += 1
            if screen not in files:
                problems.append(f"{document}: no file Apps/AllowanceTracker/**/{screen}.swift")
            elif not re.search(rf"(?:struct|class|enum)\s+(?:App)?{screen}\b", read(files[screen])):
                problems.append(f"{os.path.relpath(files[screen], ROOT)} does not declare {screen}")
    if spec_dir:
        for name in sorted(os.listdir(spec_dir)):
            if not name.endswith(".md"):
                continue
            for view in re.findall(r"struct\s+(\w+)\s*:\s*(?:View|Widget|AppIntent|AppShortcutsProvider)\b", read(os.path.join(spec_dir, name))):
                count += 1
                if RENAMED.get(view, view) not in declared and view not in SPEC_EXAMPLES:
                    problems.append(f"{name}: {view} is declared nowhere under Apps/")
    return count


ID_SET = re.compile(r'\.accessibilityIdentifier\("((?:[^"\\]|\\.)*)"\)')
LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
IDENTIFIER_LOOKUP = re.compile(r'(?:matching\(identifier:\s*|otherElements\[)"([^"]+)"')
KEY_LOOKUP = re.compile(r'(?:textFields|secureTextFields|buttons|staticTexts|switches|navigationBars|segmentedControls|'
                        r'searchFields|alerts|tabBars|sheets|cells|scrollViews|images)\["([^"]+)"\]')


INTERPOLATION = re.compile(r"\\\((?:[^()]|\([^()]*\))*\)")


def interpolation_pattern(text):
    """ "Balance \\(x)" -> a regex matching "Balance " followed by anything."""
    parts = INTERPOLATION.split(text)
    return ".+".join(re.escape(part) for part in parts)


def check_ui_tests(problems):
    """What the UI tests look up, some view sets or shows."""
    identifiers, texts = [], set()
    for path in swift_files(APP):
        if "/UITests/" in path:
            continue
        text = strip_comments(read(path))
        for value in ID_SET.findall(text):
            # "QuickSubtract-\(tally.name)" matches any "QuickSubtract-..." key.
            identifiers.append(re.escape(value.split("\\(")[0]) + (".*" if "\\(" in value else ""))
        texts.update(LITERAL.findall(text))
    for folder in KIT_SOURCES:
        for path in swift_files(folder):
            texts.update(LITERAL.findall(strip_comments(read(path))))
    # A literal with interpolations ("Balance \(text)") shows any text of its shape; one that is
    # nothing but interpolation says nothing and is left out.
    shapes = [interpolation_pattern(text) for text in texts if "\\(" in text and len(INTERPOLATION.sub("", text)) >= 2]

    def identified(key):
        return any(re.fullmatch(pattern, key) for pattern in identifiers)

    def shown(key):
        # A key the test builds from data ("\(name), $15.00") stands for any text in its place.
        sample = INTERPOLATION.sub("X", key)
        return key in texts or key in DEMO_DATA_LABELS or any(re.fullmatch(shape, sample) for shape in shapes)
    count = 0
    for path in swift_files(os.path.join(APP, "UITests")):
        text = strip_comments(read(path))
        rel = os.path.relpath(path, ROOT)
        for key in IDENTIFIER_LOOKUP.findall(text):
            count += 1
            if not identified(key):
                problems.append(f"{rel}: identifier \"{key}\" is set by no view (.accessibilityIdentifier)")
        for key in KEY_LOOKUP.findall(text):
            count += 1
            if not (identified(key) or shown(key)):
                problems.append(f"{rel}: \"{key}\" is neither an accessibility identifier nor text any view shows")
    return count


def check_widget_kinds(problems):
    """Every `WidgetKind` AllowanceKit reloads after money moves is the kind of some widget."""
    kinds_file = os.path.join(ROOT, "Sources", "AllowanceKit", "Widgets", "WidgetKind.swift")
    if not os.path.exists(kinds_file):
        return
    body = read(kinds_file).split("enum WidgetKind", 1)[-1].split("}", 1)[0]
    widgets = "".join(strip_comments(read(p)) for p in swift_files(os.path.join(APP, "Widgets")))
    for kind in re.findall(r"case\s+(\w+)\s*=", body):
        if f"WidgetKind.{kind}.rawValue" not in widgets:
            problems.append(f"WidgetKind.{kind}: no widget under Apps/AllowanceTracker/Widgets has this kind")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--spec", help="the product documents' folder, to check every view they declare")
    parser.add_argument("--root", help="the repository (default: the one holding this script)")
    parser.add_argument("--no-screens", action="store_true", help="skip the screen list (for a tree without the app)")
    args = parser.parse_args()
    if args.root:
        use_root(os.path.abspath(args.root))
    if not os.path.isdir(APP):
        print(f"no {APP}", file=sys.stderr)
        return 1
    index = Index()
    for folder in KIT_SOURCES:
        for path in swift_files(folder):
            index.add_file(path)
    problems = []
    screens = 0 if args.no_screens else check_screens(problems, args.spec)
    bindings = check_bindings(index, problems)
    lookups = check_ui_tests(problems)
    check_widget_kinds(problems)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"check_apps: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    print(f"check_apps: {screens} screens have their files, {bindings} view-model bindings resolve to public "
          f"AllowanceKit members, {lookups} UI-test lookups are set or shown by views")
    return 0


if __name__ == "__main__":
    sys.exit(main())
