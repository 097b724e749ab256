import Testing
import Web

/// Where a click on a link opens, as Chromium's `ui::DispositionFromClick` maps it
/// (`ui/base/window_open_disposition_utils.cc`) off macOS.
struct WindowOpenDispositionTests {
    struct ClickCase: CustomTestStringConvertible, Sendable {
        let click: String
        let middleButton: Bool
        let ctrl: Bool
        let shift: Bool
        let expected: WindowOpenDisposition
        var testDescription: String { "\(click) gives \(expected)" }
    }

    @Test(
        "A click's button and modifiers give its disposition",
        arguments: [
            ClickCase(click: "click", middleButton: false, ctrl: false, shift: false, expected: .currentTab),
            ClickCase(
                click: "middle-click", middleButton: true, ctrl: false, shift: false,
                expected: .newBackgroundTab),
            ClickCase(
                click: "Ctrl+click", middleButton: false, ctrl: true, shift: false,
                expected: .newBackgroundTab),
            ClickCase(
                click: "Ctrl+Shift+click", middleButton: false, ctrl: true, shift: true,
                expected: .newForegroundTab),
            ClickCase(
                click: "Shift+middle-click", middleButton: true, ctrl: false, shift: true,
                expected: .newForegroundTab),
            ClickCase(
                click: "Ctrl+middle-click", middleButton: true, ctrl: true, shift: false,
                expected: .newBackgroundTab),
            ClickCase(
                click: "Shift+click", middleButton: false, ctrl: false, shift: true, expected: .newWindow),
        ])
    func fromClick(_ testCase: ClickCase) {
        #expect(
            WindowOpenDisposition(
                clickWithMiddleButton: testCase.middleButton, ctrl: testCase.ctrl, shift: testCase.shift)
                == testCase.expected)
    }
}
