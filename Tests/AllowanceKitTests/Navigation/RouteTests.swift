import AllowanceKit
import Foundation
import Testing

@Suite struct RouteTests {
    let id = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!

    @Test func deepLinksOfTheAppScreensParse() {
        #expect(Route(deepLink: URL(string: "allowancetracker://child/\(id)")!) == .childDetail(childId: id))
        #expect(Route(deepLink: URL(string: "allowancetracker://transaction/\(id)")!) == .transactionDetail(transactionId: id))
        #expect(Route(deepLink: URL(string: "allowancetracker://goal/\(id)")!) == .goalDetail(goalId: id))
        #expect(Route(deepLink: URL(string: "allowancetracker://learning-goal/\(id)")!) == .learningGoalDetail(learningGoalId: id))
        #expect(Route(deepLink: URL(string: "allowancetracker://settings")!) == .settings)
        #expect(Route(deepLink: URL(string: "allowancetracker://settings/notifications")!) == .notificationPreferences)
        #expect(Route(deepLink: URL(string: "ALLOWANCETRACKER://Child/\(id.uuidString.lowercased())")!) == .childDetail(childId: id))
    }

    @Test func linksThatNameNoScreenAreRefused() {
        for text in [
            "https://child/\(id)", "allowancetracker://child/42", "allowancetracker://child", "allowancetracker://child/\(id)/extra",
            "allowancetracker://wallet/\(id)", "allowancetracker://",
        ] {
            #expect(Route(deepLink: URL(string: text)!) == nil, "\(text)")
        }
    }

    @Test func everyLinkedRouteRoundTrips() throws {
        let routes: [Route] = [
            .childDetail(childId: id), .transactionDetail(transactionId: id), .goalDetail(goalId: id),
            .learningGoalDetail(learningGoalId: id), .settings, .editProfile, .notificationPreferences, .notifications,
        ]
        for route in routes {
            let link = try #require(route.deepLink)
            #expect(Route(deepLink: link) == route)
        }
        #expect(Route.createTransaction.deepLink == nil)
    }

    @Test @MainActor func theCoordinatorOpensLinksAndWaitsForSignIn() {
        // setup
        let coordinator = NavigationCoordinator()
        let link = URL(string: "allowancetracker://goal/\(id)")!
        // act: a link while signed out waits
        #expect(coordinator.handleDeepLink(link))
        #expect(coordinator.path.isEmpty)
        coordinator.signedIn()
        // assert
        #expect(coordinator.path == [.goalDetail(goalId: id)])
        coordinator.navigate(to: .transactionDetail(transactionId: id))
        coordinator.navigateBack()
        #expect(coordinator.path == [.goalDetail(goalId: id)])
        #expect(!coordinator.handleDeepLink(URL(string: "allowancetracker://nowhere")!))
        coordinator.signedOut()
        #expect(coordinator.path.isEmpty && !coordinator.isAuthenticated)
    }
}
