import Base
import Foundation
import FuzzSupport
import Profiles
import WebTestSupport

// The input is both the `Local State` of an application context and the `Preferences` of
// its profile: start, create the profile, set a pref, shut down, then the same again.
exit(
    runFuzzer { data, size in
        FuzzHarness.input(data, size) { bytes in
            FuzzHarness.reset()
            let root = FuzzHarness.scratch.appendingPathComponent("input/User Data", isDirectory: true)
            try? FileManager.default.createDirectory(
                at: root.appendingPathComponent("Default"), withIntermediateDirectories: true)
            try? bytes.write(to: root.appendingPathComponent("Local State"))
            try? bytes.write(to: root.appendingPathComponent("Default/Preferences"))
            for _ in 0..<2 {
                let context = ApplicationContext(
                    userDataDirectory: UserDataDirectory(path: root), engine: FakeWebEngine(),
                    clock: ManualTimerClock(), isTesting: true,
                    registerProfilePrefs: { $0.register("fuzz.value", default: .int(0)) })
                context.start()
                if let profile = try? context.profileManager.createProfile(named: "Default") {
                    profile.prefs.set("fuzz.value", .int(bytes.count))
                }
                context.shutdown()
            }
        }
    })
