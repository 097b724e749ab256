import CWebKitGTK
import Foundation
import GLibSupport

/// The print operations of one web content: WebKit's `WebKitPrintOperation`, with the print
/// dialog (`webkit_print_operation_run_dialog`) or without one, to a file.
///
/// The settings the user chose in a dialog that printed are kept by the context
/// (``WebKitEngineContext``), so the next dialog of any of its pages starts from them, as
/// in GNOME Web.
@MainActor
final class WebKitPrinting {
    /// A print without a dialog, kept alive until WebKit reports its end.
    private final class Job {
        let operation: GObjectRef
        var connections: [SignalConnection] = []
        var failure: PrintError?
        init(_ operation: GObjectRef) { self.operation = operation }
    }

    private var jobs: [ObjectIdentifier: Job] = [:]

    /// Shows GTK's print dialog over the window `view` is in (none when it is in no window)
    /// and prints what the user chooses. WebKit runs the dialog in a main loop of its own:
    /// this returns when the dialog closes, and the printing goes on afterwards.
    func runDialog(for view: UnsafeMutablePointer<WebKitWebView>, context: WebKitEngineContext) {
        let operation = GObjectRef(adopting: UnsafeMutableRawPointer(webkit_print_operation_new(view)!))
        if let settings = context.printSettings {
            webkit_print_operation_set_print_settings(operation.opaque, settings.opaque)
        }
        if let pageSetup = context.pageSetup {
            webkit_print_operation_set_page_setup(operation.opaque, pageSetup.opaque)
        }
        let response = webkit_print_operation_run_dialog(operation.opaque, Self.window(of: view))
        guard response == WEBKIT_PRINT_OPERATION_RESPONSE_PRINT else { return }
        if let settings = webkit_print_operation_get_print_settings(operation.opaque) {
            context.printSettings = GObjectRef(retaining: UnsafeMutableRawPointer(settings))
        }
        if let pageSetup = webkit_print_operation_get_page_setup(operation.opaque) {
            context.pageSetup = GObjectRef(retaining: UnsafeMutableRawPointer(pageSetup))
        }
    }

    /// Prints the page of `view` as a PDF file at `file` without a dialog, through GTK's
    /// "Print to File" printer; `completion` runs once, when WebKit reports the end.
    func printToPDF(
        _ view: UnsafeMutablePointer<WebKitWebView>, file: URL,
        completion: @escaping @MainActor (Result<Void, PrintError>) -> Void
    ) {
        let operation = GObjectRef(adopting: UnsafeMutableRawPointer(webkit_print_operation_new(view)!))
        let settings = gtk_print_settings_new()!
        gtk_print_settings_set_printer(settings, Self.filePrinterName)
        gtk_print_settings_set(settings, GTK_PRINT_SETTINGS_OUTPUT_FILE_FORMAT, "pdf")
        gtk_print_settings_set(settings, GTK_PRINT_SETTINGS_OUTPUT_URI, file.absoluteString)
        webkit_print_operation_set_print_settings(operation.opaque, settings)
        g_object_unref(UnsafeMutableRawPointer(settings))

        let job = Job(operation)
        let key = ObjectIdentifier(job)
        jobs[key] = job
        job.connections.append(
            SignalConnection.connect(operation.pointer, signal: "failed") { [weak job] args in
                let error = args.boxed(at: 1)?.assumingMemoryBound(to: GError.self)
                job?.failure = PrintError(
                    message: error.flatMap { $0.pointee.message.map { String(cString: $0) } }
                        ?? "printing failed")
            })
        job.connections.append(
            SignalConnection.connect(operation.pointer, signal: "finished") { [weak self, weak job] _ in
                guard let self, let job else { return }
                for connection in job.connections { connection.cancel() }
                self.jobs[key] = nil
                completion(job.failure.map { .failure($0) } ?? .success(()))
            })
        webkit_print_operation_print(operation.opaque)
    }

    /// The name of GTK's print-to-file printer (its file backend).
    static let filePrinterName = "Print to File"

    /// The window `view` is in, if it is in one.
    private static func window(
        of view: UnsafeMutablePointer<WebKitWebView>
    ) -> UnsafeMutablePointer<GtkWindow>? {
        let widget = UnsafeMutableRawPointer(view).assumingMemoryBound(to: GtkWidget.self)
        guard let root = gtk_widget_get_root(widget) else { return nil }
        let instance = UnsafeMutableRawPointer(root).assumingMemoryBound(to: GTypeInstance.self)
        guard g_type_check_instance_is_a(instance, gtk_window_get_type()) != 0 else { return nil }
        return UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWindow.self)
    }

    /// Stops reporting the prints still under way (their completions never run).
    func cancelAll() {
        for job in jobs.values { for connection in job.connections { connection.cancel() } }
        jobs.removeAll()
    }
}
