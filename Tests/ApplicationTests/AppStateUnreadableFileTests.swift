import Application
import FileSystemTestSupport
import Foundation
import Sessions
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// After a careless `sudo swiftlet`, files another user owns sit in the profile: the owner's
/// next launch may not read them. Unreadable is never taken for missing: the first window
/// says what could not be read, whose it is and the command that fixes it, and nothing that
/// could not be read is overwritten or deleted, whatever the user does next. Each case runs
/// in a child process that gives up root (``ForeignOwnership``).
struct AppStateUnreadableFileTests {
    /// What becomes unreadable.
    enum Part: String, CaseIterable, Codable, Sendable {
        /// The open window's list.
        case list
        /// The open window's tabs' data.pb.
        case tabData
        /// The open window's whole session directory.
        case sessionDirectory
        /// The recently closed file.
        case recentlyClosed
        /// The list of a window closed in the last run (the launch's purge reads it).
        case closedWindowList
    }

    @Test(arguments: Part.allCases)
    func nothingUnreadableIsOverwrittenOrDeletedAndTheFirstWindowSaysHowToFixIt(_ part: Part) async {
        await #expect(processExitsWith: .success, "\(part)") { [part] in
            await MainActor.run {
                let fixture = AppFixture()
                fixture.launch()
                let window = fixture.openWindow(["https://a.test/1", "https://a.test/2"])
                let closed = fixture.openWindow(["https://c.test/"])
                closed.browser.webStateList.close(at: 0, flags: .userAction)
                fixture.addTabs(closed, ["https://d.test/"])
                fixture.settle()
                fixture.quit()
                // The closed window: on disk, but not open (as after a crash during its close).
                if part == .closedWindowList {
                    fixture.editLocalState { $0["open_scenes"] = [AppFixture.sceneRecord(window.sessionID)] }
                }
                let session = fixture.storage().appendingPathComponent(window.sessionID).path
                let profile = fixture.directory.appendingPathComponent("Default").path
                let tabs = ((try? FileManager.default.contentsOfDirectory(atPath: session)) ?? [])
                    .filter { $0.count == 8 }.map { session + "/" + $0 }
                let unreadable: [String] =
                    switch part {
                    case .list: [session + "/" + SessionFormat.metadataFileName]
                    case .tabData: tabs.map { $0 + "/" + SessionFormat.dataFileName }
                    case .sessionDirectory: [session]
                    case .recentlyClosed: [profile + "/" + SessionFormat.recentlyClosedFileName]
                    case .closedWindowList:
                        [
                            fixture.storage().appendingPathComponent(closed.sessionID).path + "/"
                                + SessionFormat.metadataFileName
                        ]
                    }
                for path in unreadable { ForeignOwnership.makeUnreadable(path) }
                let owner = ForeignOwnership.isRoot ? ForeignOwnership.owner : geteuid()
                ForeignOwnership.becomeUser(owning: fixture.directory.path)
                let before = DirectorySnapshot(of: fixture.directory.path).entries.filter { path, _ in
                    unreadable.contains {
                        fixture.directory.path + "/" + path == $0
                            || (fixture.directory.path + "/" + path).hasPrefix($0 + "/")
                    }
                }

                let outcome = fixture.launch()
                precondition(!outcome.notReadable.isEmpty, "\(part): nothing reported")
                let first = outcome.restoredScenes.first ?? fixture.app.openNewScene()
                let message = first.restoreProblems.map(\.userMessage).joined(separator: " ")
                precondition(
                    message.contains("uid \(owner)") && message.contains("sudo chown -R ")
                        && message.contains("'\(profile)'"), "\(part): \(message)")
                // The user goes on: new tabs, a closed tab, a closed window, a quit.
                for scene in fixture.app.scenes { fixture.addTabs(scene, ["https://new.test/"]) }
                fixture.app.scenes[0].browser.webStateList.close(at: 0, flags: .userAction)
                fixture.clock.advance(by: AppFixture.saveDelay)
                fixture.settle()
                if fixture.app.scenes.count > 1 { fixture.app.closeScene(fixture.app.scenes[0]) }
                fixture.settle()
                fixture.quit()
                fixture.launch()
                fixture.settle()
                fixture.quit()
                let after = DirectorySnapshot(of: fixture.directory.path).entries.filter {
                    before[$0.key] != nil
                }
                precondition(after == before, "\(part): changed\n\(before)\n---\n\(after)")
            }
        }
    }
}
