import Foundation
import Omnibox
import Testing

struct LocationInputClassifierTests {
    let classifier = LocationInputClassifier()

    static func search(_ terms: String) -> String { "https://duckduckgo.com/?q=\(terms)" }

    @Test(arguments: [
        // (typed, URL loaded)
        ("example.org", "https://example.org/"),
        ("  example.org  ", "https://example.org/"),
        ("www.example.org/a/b?c=d#e", "https://www.example.org/a/b?c=d#e"),
        ("sub-domain.example.co.uk", "https://sub-domain.example.co.uk/"),
        ("example.org:8443", "https://example.org:8443/"),
        ("https://example.org", "https://example.org/"),
        ("http://example.org/x", "http://example.org/x"),
        ("HTTPS://Example.org/", "HTTPS://Example.org/"),
        ("127.0.0.1:8080/x", "http://127.0.0.1:8080/x"),
        ("192.168.1.1", "http://192.168.1.1/"),
        ("localhost", "http://localhost/"),
        ("localhost:3000", "http://localhost:3000/"),
        ("localhost/path", "http://localhost/path"),
        ("[::1]:8080", "http://[::1]:8080/"),
        ("about:blank", "about:blank"),
        ("file:///tmp/a.html", "file:///tmp/a.html"),
        ("data:text/plain,hi", "data:text/plain,hi"),
        ("hello world", search("hello+world")),
        ("hello", search("hello")),
        ("3.14", search("3.14")),
        ("256.1.1.1", search("256.1.1.1")),
        ("what is example.org", search("what+is+example.org")),
        ("c++ & rust?", search("c%2B%2B+%26+rust%3F")),
        ("café", search("caf%C3%A9")),
        ("example.org:port", search("example.org%3Aport")),
        ("http:", search("http%3A")),
        ("foo.", search("foo.")),
    ])
    func classifies(typed: String, expected: String) {
        #expect(classifier.url(for: typed)?.absoluteString == expected)
    }

    @Test func searchesAreTold() {
        #expect(classifier.classify("hello") == .search(URL(string: Self.search("hello"))!))
        #expect(classifier.classify("example.org") == .url(URL(string: "https://example.org/")!))
    }

    @Test(arguments: ["", "   ", "\n"])
    func emptyInputIsNothing(typed: String) {
        #expect(classifier.classify(typed) == nil)
    }

    @Test(arguments: [
        // (template, what "a b" searches)
        ("https://search.test/s?q={searchTerms}&x=1", "https://search.test/s?q=a+b&x=1"),
        ("https://search.test/", Self.search("a+b")),
        ("not a url {searchTerms}", Self.search("a+b")),
        ("", Self.search("a+b")),
    ])
    func usesTheTemplateOrTheDefault(template: String, expected: String) {
        let classifier = LocationInputClassifier(searchURLTemplate: template)
        #expect(classifier.url(for: "a b")?.absoluteString == expected)
    }
}
