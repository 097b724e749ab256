import CWebKitGTK
public import Foundation

extension WebKitWebContent {
    /// Shows GTK's print dialog for the page over the window the view is in and prints what
    /// the user chooses (`webkit_print_operation_run_dialog`, which runs the dialog in a main
    /// loop of its own and returns when it closes). The context keeps the settings of a
    /// dialog that printed for the next one.
    public func printPage() {
        guard let view = webViewPointer else { return }
        printing.runDialog(for: view, context: context)
    }

    /// Prints the page as a PDF file at `file` without a dialog (GTK's "Print to File"
    /// printer, `webkit_print_operation_print`); `completion` runs once WebKit has finished,
    /// with the error it reported if it failed. Not called after ``close()``.
    public func printToPDF(at file: URL, completion: @escaping @MainActor (Result<Void, PrintError>) -> Void)
    {
        guard let view = webViewPointer else {
            return completion(.failure(PrintError(message: "The web content is closed")))
        }
        printing.printToPDF(view, file: file, completion: completion)
    }
}
