import Foundation
import RefreshGifTestSupport
import Testing

/// `examples/SnapshotTestingDemo`: a package on pointfreeco/swift-snapshot-testing using
/// RefreshGif's strategies through the SnapshotTesting trait. Built and run as a user would:
/// record, pass, fail.
extension ExamplePackages {
    @Suite("swift-snapshot-testing strategies, as a user's package uses them")
    struct SnapshotTestingDemoTests {

        @Test("record, pass, then fail with RefreshGif's diff; assertSnapshot is swift-snapshot-testing's")
        func lifecycle() throws {
            let work = try Support.temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: work) }
            let package = try ExamplePackages.copy("SnapshotTestingDemo", into: work)
            let build = try ExamplePackages.swift(ExamplePackages.build, in: package)
            try #require(build.status == 0, "\(build.output)")
            let test = ExamplePackages.test
            let snapshots = package + "/Tests/SnapshotTestingDemoTests/__Snapshots__/HeaderSnapshots"

            let record = try ExamplePackages.swift(test, in: package)
            #expect(record.status != 0, "swift-snapshot-testing fails the run that records")
            let recorded = CLI.files(in: snapshots)
            #expect(recorded.count == 3 && recorded.allSatisfy { $0.hasSuffix(".png") }, "\(recorded)\n\(record.output)")
            // The app's own control, through RefreshGifUIKit, with `.refreshState(…)`.
            let appSnapshots = package + "/Tests/SnapshotTestingDemoTests/__Snapshots__/AppHeaderSnapshots"
            #expect(CLI.files(in: appSnapshots) == ["pulling.1.png"], "\(record.output)")

            let pass = try ExamplePackages.swift(test, in: package)
            #expect(pass.status == 0, "\(pass.output)")

            let broken = try ExamplePackages.swift(test, in: package, environment: ["DEMO_BREAK": "1"])
            #expect(broken.status != 0)
            #expect(broken.output.contains("pixels differ") && broken.output.contains(".diff.png"), "\(broken.output)")
            #expect(CLI.files(in: snapshots) == recorded)
            #expect(broken.output.contains("AppHeaderSnapshots"), "\(broken.output)")
        }
    }
}
