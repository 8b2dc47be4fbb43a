import Testing

@testable import PMRender

/// The one rule for addresses written into pages and feeds as given (`--base-url`, `wikilink-base`).
@Suite("Web addresses")
struct WebAddressTests {
    @Test(
        "an http(s) URL with a host, in any case, or a path from the site's root, is allowed",
        arguments: [
            ("https://example.com", false), ("http://example.com/team/", false), ("HTTPS://EX.COM/x", false),
            ("https://example.com:8443/a", false), ("https://user@example.com/", false), ("/wiki/", true),
            // Letters beyond ASCII in the path are percent-encoded where a URI is written (`uri`); escapes as given.
            ("https://org.github.io/프로젝트", false), ("https://ex.com/a%20b/%C3%BC", false), ("/위키/", true),
        ])
    func allowed(address: String, rootRelative: Bool) {
        #expect(WebAddress.isAllowed(address, rootRelative: rootRelative))
    }

    @Test(
        "no other scheme, no missing host, no query or fragment (a path is appended), no spaces or controls",
        arguments: [
            ("javascript:alert(1)", true), ("data:text/html,x", true), ("ftp://example.com", false),
            ("https://", false), ("https:///path", false), ("https://:443/", false), ("https//example.com", false),
            ("https://ex.com/a?x=1", false), ("https://ex.com/a#top", false), ("/wiki?page=", true),
            ("https://ex.com/a b", false), ("https://ex.com/\u{7}", false), ("/wiki/", false), ("", true),
            // Another host, as a browser reads them.
            ("//evil.example/", true), ("/\\evil.example/", true), ("https://ex.com\\@evil/", false),
            // Nothing a URI never holds, even percent-encoded; `%` only before two hex digits; the host in ASCII.
            ("https://x.example/a\"><script>", false), ("https://ex.com/<a>", false), ("https://ex.com/{a}", false),
            ("https://ex.com/a|b", false), ("https://ex.com/%zz", false), ("https://ex.com/a%2", false),
            ("/wiki/%", true), ("https://例え.jp/", false),
        ])
    func refused(address: String, rootRelative: Bool) {
        #expect(!WebAddress.isAllowed(address, rootRelative: rootRelative))
    }

    @Test(
        "a value linked to as it is: an http(s) URL with a host, a query or fragment too",
        arguments: [
            ("https://example.com/T-1?a=1#top", true), ("HTTP://ex.com", true), ("https://ex.com?x", true),
            ("javascript:alert(1)", false), ("https://", false), ("https://?x", false), ("/wiki/", false),
            ("https://ex.com/a b", false), ("https://ex.com\\@evil/", false), ("T-1", false),
        ])
    func link(address: String, isLink: Bool) {
        #expect(WebAddress.isLink(address) == isLink)
    }

    @Test("an address as a URI: each byte of a letter beyond ASCII percent-encoded, nothing else changed")
    func uri() {
        #expect(
            WebAddress.uri("https://org.github.io/프로젝트/")
                == "https://org.github.io/%ED%94%84%EB%A1%9C%EC%A0%9D%ED%8A%B8/")
        #expect(WebAddress.uri("https://ex.com/ü/%C3%BC/a-b") == "https://ex.com/%C3%BC/%C3%BC/a-b")
        #expect(WebAddress.uri("https://ex.com/plain") == "https://ex.com/plain")
    }
}
