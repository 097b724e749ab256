public import Base
public import Foundation
public import Prefs
public import Profiles
public import WebTestSupport

/// Real profiles for tests: each comes from its own ``ApplicationContext`` on the fake
/// engine, in a temporary user data directory, with a manual clock.
@MainActor
public enum TestProfile {
    private static var contexts: [ApplicationContext] = []
    private static let root = NSTemporaryDirectory() + "swiftlet-test-profiles-\(getpid())"
    /// The temporary directories go when the test process exits, with those of test
    /// processes that are gone (exit tests' children end without running `atexit`).
    private static let removeRootAtExit: Void = {
        atexit {
            let prefix = "swiftlet-test-profiles-"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? []
            for name in names where name.hasPrefix(prefix) {
                guard let pid = pid_t(name.dropFirst(prefix.count)),
                    pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH)
                else { continue }
                try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + name)
            }
        }
    }()

    /// A fresh temporary user data directory (not created), removed when the test process
    /// exits.
    public static func makeUserDataDirectory() -> URL {
        _ = removeRootAtExit
        return URL(fileURLWithPath: root + "/" + UUID().uuidString, isDirectory: true)
    }

    /// A new application context on `engine` in a fresh temporary directory.
    public static func makeApplicationContext(
        engine: FakeWebEngine, clock: ManualTimerClock = ManualTimerClock(),
        registerLocalStatePrefs: (PrefRegistry) -> Void = { _ in },
        registerProfilePrefs: (PrefRegistry) -> Void = { _ in }
    ) -> ApplicationContext {
        let directory = makeUserDataDirectory()
        let context = ApplicationContext(
            userDataDirectory: UserDataDirectory(path: directory), engine: engine, clock: clock,
            isTesting: true, registerLocalStatePrefs: registerLocalStatePrefs,
            registerProfilePrefs: registerProfilePrefs)
        contexts.append(context)
        return context
    }

    /// A regular profile (or its off-the-record profile) on `engine`.
    public static func make(engine: FakeWebEngine, isOffTheRecord: Bool = false) -> Profile {
        let context = makeApplicationContext(engine: engine)
        let profile = try! context.profileManager.createProfile(named: "Default")
        return isOffTheRecord ? profile.offTheRecordProfile : profile
    }
}
