import CGTK
import Foundation
import GLibSupport
import Web
@_spi(Testing) import WebKitEngine
import XCTest

/// JavaScript's alert, confirm and prompt on the real engine. WebKitGTK draws its own dialog
/// over the page, inside the web view (the view's "script-dialog" is left to its default
/// handler): tab-modal, as GNOME Web has it. The tests answer it as a user would — its buttons,
/// its entry, Enter in the entry — and read what the page's script got.
final class ScriptDialogTests: WebKitTestCase, @unchecked Sendable {
    /// How the test answers the dialog.
    enum Answer: Sendable, CustomStringConvertible {
        /// Clicks the button labelled so (mnemonics included: "_OK").
        case click(String)
        /// Types the text into the prompt's entry, then clicks the button.
        case type(String, then: String)
        /// Types the text into the prompt's entry and presses Enter there.
        case typeAndEnter(String)

        var description: String {
            switch self {
            case .click(let button): "click \(button)"
            case .type(let text, let button): "type '\(text)', click \(button)"
            case .typeAndEnter(let text): "type '\(text)', Enter"
            }
        }
    }

    /// A tab on `/a`, in a window of its own (so that the dialog is mapped and has a default
    /// button), and the window.
    @MainActor
    private func shownTab() -> (WebKitWebContent, UnsafeMutablePointer<GtkWindow>) {
        let content = makePersistentContext().makeWebKitWebContent()
        let window = UnsafeMutableRawPointer(gtk_window_new()!).assumingMemoryBound(to: GtkWindow.self)
        gtk_window_set_default_size(window, 640, 480)
        gtk_window_set_child(window, content.view.pointer?.assumingMemoryBound(to: GtkWidget.self))
        gtk_window_present(window)
        let log = ContentEventLog(content)
        load(server.url("/a"), in: content, log: log)
        return (content, window)
    }

    /// Every widget under `widget`, depth first.
    @MainActor
    private func descendants(of widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>]
    {
        var result: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            result.append(current)
            result += descendants(of: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return result
    }

    private func isA(_ widget: UnsafeMutablePointer<GtkWidget>, _ type: GType) -> Bool {
        g_type_check_instance_is_a(
            UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), type)
            != 0
    }

    private func typeName(_ widget: UnsafeMutablePointer<GtkWidget>) -> String {
        let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
        return String(cString: g_type_name(instance.pointee.g_class.pointee.g_type))
    }

    /// Emits "activate" on `widget` (a GtkText: what its Enter key binding does).
    @MainActor
    private func emitActivate(on widget: UnsafeMutablePointer<GtkWidget>) {
        var instance = GValue()
        g_value_init(&instance, gtk_text_get_type())
        g_value_set_object(&instance, UnsafeMutableRawPointer(widget))
        g_signal_emitv(&instance, g_signal_lookup("activate", gtk_text_get_type()), 0, nil)
        g_value_unset(&instance)
    }

    /// The script dialog WebKit shows in `content`'s view, if any.
    @MainActor
    private func dialog(in content: WebKitWebContent) -> UnsafeMutablePointer<GtkWidget>? {
        guard let view = content.view.pointer?.assumingMemoryBound(to: GtkWidget.self) else { return nil }
        return descendants(of: view).first { typeName($0) == "WebKitScriptDialogImpl" }
    }

    @MainActor
    private func button(
        _ label: String, in dialog: UnsafeMutablePointer<GtkWidget>
    ) -> UnsafeMutablePointer<GtkWidget>? {
        descendants(of: dialog).first {
            isA($0, gtk_button_get_type())
                && gtk_button_get_label(UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkButton.self))
                    .map { String(cString: $0) } == label
        }
    }

    @MainActor
    private func labels(in dialog: UnsafeMutablePointer<GtkWidget>) -> [String] {
        descendants(of: dialog).filter { isA($0, gtk_label_get_type()) }.compactMap {
            gtk_label_get_text(OpaquePointer($0)).map { String(cString: $0) }
        }
    }

    @MainActor
    private func entry(in dialog: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        descendants(of: dialog).first { isA($0, gtk_entry_get_type()) }
    }

    /// Runs `script` in a shown tab, waits for WebKit's dialog, checks that it shows
    /// `message`, answers it with `answer`, and returns what the script returned.
    @MainActor
    private func run(
        _ script: String, showing message: String, answer: Answer, file: StaticString = #filePath,
        line: UInt = #line
    ) -> JavaScriptValue? {
        let (content, window) = shownTab()
        defer {
            content.close()
            gtk_window_destroy(window)
        }
        var result: Result<JavaScriptValue, JavaScriptError>?
        content.evaluateJavaScript(script) { result = $0 }
        guard wait("the dialog", file: file, line: line, until: { dialog(in: content) != nil }),
            let dialog = dialog(in: content)
        else { return nil }
        // The script waits for the answer; the dialog is drawn over the page.
        XCTAssertNil(result, "the script returned before the dialog was answered", file: file, line: line)
        wait("the dialog on screen", file: file, line: line) { gtk_widget_get_mapped(dialog) != 0 }
        XCTAssertTrue(labels(in: dialog).contains(message), "\(labels(in: dialog))", file: file, line: line)
        switch answer {
        case .click(let label):
            guard let button = button(label, in: dialog) else {
                XCTFail("no button \(label)", file: file, line: line)
                return nil
            }
            gtk_widget_activate(button)
        case .type(let text, let label):
            guard let entry = entry(in: dialog), let button = button(label, in: dialog) else {
                XCTFail("no entry or no button \(label)", file: file, line: line)
                return nil
            }
            gtk_editable_set_text(OpaquePointer(entry), text)
            gtk_widget_activate(button)
        case .typeAndEnter(let text):
            guard let entry = entry(in: dialog) else {
                XCTFail("no entry", file: file, line: line)
                return nil
            }
            // The focus is in the entry (its text widget), and Enter there ("activate")
            // activates the window's default widget, which the dialog made its OK button.
            guard let focus = gtk_window_get_focus(window), gtk_widget_is_ancestor(focus, entry) != 0 else {
                XCTFail("the prompt's entry does not have the focus", file: file, line: line)
                return nil
            }
            gtk_editable_set_text(OpaquePointer(entry), text)
            emitActivate(on: focus)
        }
        wait("the script's result", file: file, line: line) { result != nil }
        XCTAssertNil(self.dialog(in: content), "the dialog is gone", file: file, line: line)
        return try? result?.get()
    }

    struct Case: Sendable {
        let script: String
        let message: String
        let answer: Answer
        let expected: JavaScriptValue
    }

    static let cases: [Case] = [
        Case(script: "confirm('Sure?')", message: "Sure?", answer: .click("_OK"), expected: .bool(true)),
        Case(script: "confirm('Sure?')", message: "Sure?", answer: .click("_Cancel"), expected: .bool(false)),
        Case(
            script: "prompt('Your name?', 'Grace')", message: "Your name?", answer: .type("Ada", then: "_OK"),
            expected: .string("Ada")),
        Case(
            script: "prompt('Your name?', 'Grace')", message: "Your name?", answer: .click("_OK"),
            expected: .string("Grace")),
        Case(
            script: "prompt('Your name?', 'Grace')", message: "Your name?",
            answer: .type("Ada", then: "_Cancel"),
            expected: .null),
        Case(
            script: "prompt('Your name?')", message: "Your name?", answer: .typeAndEnter("Lovelace"),
            expected: .string("Lovelace")),
        Case(
            script: "alert('Hello'); 'after the alert'", message: "Hello", answer: .click("_Close"),
            expected: .string("after the alert")),
    ]

    func testDialogsAnswerTheScript() {
        onMainActor {
            for testCase in Self.cases {
                let value = run(testCase.script, showing: testCase.message, answer: testCase.answer)
                XCTAssertEqual(value, testCase.expected, "\(testCase.script), \(testCase.answer)")
            }
        }
    }
}
