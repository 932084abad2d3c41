#!/usr/bin/env python3
"""Tests of check_apps.py on a small tree: it must find each kind of mistake it promises to."""

import os
import subprocess
import sys
import tempfile
import unittest

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "check_apps.py")

KIT = """
import Observation

/// A view model as AllowanceKit writes them.
@MainActor @Observable
public final class DemoViewModel {
    public var name = ""
    var secret = ""
    public private(set) var total = 0
    public func save() async {}
}

public enum DemoFilter: String, CaseIterable {
    case all, some
}
"""

VIEW = """
import AllowanceKit
import SwiftUI

struct DemoView: View {
    @State private var viewModel: DemoViewModel
    let filter: DemoFilter

    var body: some View {
        VStack {
            TextField("Name", text: $viewModel.name)
            Text("\\(viewModel.total) saved, \\(filter.rawValue)")
            Text(viewModel.secret)
            Text(viewModel.missing)
            Button("Shown text") { Task { await viewModel.save() } }
                .accessibilityIdentifier("Save")
            Text("Balance \\(viewModel.name)")
                .accessibilityIdentifier("Row-\\(viewModel.name)")
        }
    }
}

struct OtherView: View {
    let model: UnknownViewModel
    var body: some View { EmptyView() }
}
"""

UI_TEST = """
import XCTest

final class DemoUITests: XCTestCase {
    func testLookups() {
        let app = XCUIApplication()
        _ = app.buttons.matching(identifier: "Save")
        _ = app.buttons.matching(identifier: "Row-Kai")
        _ = app.buttons["Shown text"]
        _ = app.staticTexts["Balance $5.00"]
        _ = app.buttons.matching(identifier: "Gone")
        _ = app.buttons["Nowhere"]
    }
}
"""


class CheckAppsTests(unittest.TestCase):
    def run_checker(self, files):
        with tempfile.TemporaryDirectory() as root:
            for path, text in files.items():
                full = os.path.join(root, path)
                os.makedirs(os.path.dirname(full), exist_ok=True)
                with open(full, "w", encoding="utf-8") as handle:
                    handle.write(text)
            result = subprocess.run(
                [sys.executable, SCRIPT, "--root", root, "--no-screens"], capture_output=True, text=True, check=False)
            return result.returncode, result.stderr.strip().splitlines()

    def test_each_kind_of_mistake_is_reported_and_nothing_else(self):
        # setup
        files = {
            "Sources/AllowanceKit/Demo.swift": KIT,
            "Apps/AllowanceTracker/Features/DemoView.swift": VIEW,
            "Apps/AllowanceTracker/UITests/DemoUITests.swift": UI_TEST,
        }
        # act
        status, lines = self.run_checker(files)
        # assert
        self.assertEqual(status, 1)
        problems = "\n".join(lines)
        self.assertIn("viewModel.secret is not public in DemoViewModel", problems)
        self.assertIn("viewModel.missing: DemoViewModel has no member missing", problems)
        self.assertIn("model is a UnknownViewModel, which AllowanceKit does not declare", problems)
        self.assertIn('identifier "Gone" is set by no view', problems)
        self.assertIn('"Nowhere" is neither an accessibility identifier nor text any view shows', problems)
        self.assertEqual(len(lines), 6, problems)  # the five above and the count

    def test_a_clean_tree_passes(self):
        view = VIEW.replace("            Text(viewModel.secret)\n", "").replace("            Text(viewModel.missing)\n", "")
        view = view.split("struct OtherView")[0]
        test = UI_TEST.replace('        _ = app.buttons.matching(identifier: "Gone")\n', "").replace('        _ = app.buttons["Nowhere"]\n', "")
        status, lines = self.run_checker({
            "Sources/AllowanceKit/Demo.swift": KIT,
            "Apps/AllowanceTracker/Features/DemoView.swift": view,
            "Apps/AllowanceTracker/UITests/DemoUITests.swift": test,
        })
        self.assertEqual(status, 0, "\n".join(lines))


if __name__ == "__main__":
    unittest.main()
