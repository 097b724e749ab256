import Application
import FileSystemTestSupport
import Foundation
import Sessions
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Each file of a profile replaced by what is not a usable file (a named pipe, a link to
/// `/dev/zero` or out of the profile, a directory, a file of 4 GiB): the launch and the runs
/// after it neither hang nor read without bound nor touch anything outside the user data
/// directory, and every window whose files are good comes back. Each case runs in a child
/// process that an alarm ends if it hangs and a memory limit if it reads without bound.
struct AppStateHostileFileTests {
    enum ProfileFile: String, CaseIterable, Sendable, Codable, CustomStringConvertible {
        case localState, preferences, sessionList, tabData, tabState, recentlyClosed

        var description: String { rawValue }

        /// Its paths under the user data directory of `fixture`, the window `sessionID`'s.
        @MainActor
        func paths(_ fixture: AppFixture, sessionID: String) -> [String] {
            let session = fixture.storage().appendingPathComponent(sessionID).path
            let tabs = ((try? FileManager.default.contentsOfDirectory(atPath: session)) ?? [])
                .filter { $0.count == 8 }.map { session + "/" + $0 }
            switch self {
            case .localState: return [fixture.directory.appendingPathComponent("Local State").path]
            case .preferences: return [fixture.directory.appendingPathComponent("Default/Preferences").path]
            case .sessionList: return [session + "/" + SessionFormat.metadataFileName]
            case .tabData: return tabs.map { $0 + "/" + SessionFormat.dataFileName }
            case .tabState: return tabs.map { $0 + "/" + SessionFormat.stateFileName }
            case .recentlyClosed:
                return [fixture.directory.appendingPathComponent("Default/RecentlyClosed.pb").path]
            }
        }
    }

    @Test(arguments: ProfileFile.allCases, HostileEntry.allCases)
    func aHostileEntryInPlaceOfAProfileFileStopsNothingAndLosesNoWindow(
        _ file: ProfileFile, _ entry: HostileEntry
    ) async {
        await #expect(processExitsWith: .success, "\(file): \(entry)") { [file, entry] in
            // A launch that blocks is ended by the alarm, one that reads without bound by the
            // limit on its memory.
            alarm(60)
            var limit = rlimit(rlim_cur: 3 << 30, rlim_max: 3 << 30)
            setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit)
            await MainActor.run {
                let fixture = AppFixture()
                fixture.launch()
                let window = fixture.openWindow(["https://a.test/1", "https://a.test/2"])
                fixture.openWindow(["https://b.test/", "https://c.test/"])
                    .browser.webStateList.close(at: 1, flags: .userAction)
                fixture.settle()
                fixture.quit()
                let outside = fixture.directory.path + "-outside"
                try! FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
                _ = FileManager.default.createFile(atPath: outside + "/keep", contents: Data("keep".utf8))
                defer { try? FileManager.default.removeItem(atPath: outside) }
                let paths = file.paths(fixture, sessionID: window.sessionID)
                precondition(!paths.isEmpty, "no \(file) to replace")
                for path in paths { entry.replace(path, outside: outside) }
                let before = DirectorySnapshot(of: outside)

                for run in 0..<2 {
                    let outcome = fixture.launch()
                    let pages = Set(outcome.restoredScenes.map(fixture.pages))
                    precondition(pages == [["a.test/1", "a.test/2"], ["b.test/"]], "run \(run): \(pages)")
                    for scene in outcome.restoredScenes {
                        for tab in scene.browser.webStateList.webStates { tab.forceRealized() }
                    }
                    _ = fixture.app.recentlyClosedEntries(for: outcome.restoredScenes[0])
                    fixture.settle()
                    fixture.quit()
                }
                let after = DirectorySnapshot(of: outside)
                precondition(before == after, "outside changed:\n\(before)\n---\n\(after)")
            }
        }
    }
}
