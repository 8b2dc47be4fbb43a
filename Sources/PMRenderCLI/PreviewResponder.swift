import Foundation
import NIOHTTP1

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the preview server answers to one request.
struct PreviewResponse {
    var status: HTTPResponseStatus
    var contentType = "text/plain; charset=utf-8"
    var body: [UInt8]
    /// `Allow`, `Location`.
    var extraHeaders: [(String, String)] = []
    /// The nonce every inline script of an HTML page carries (nil: the response runs no script).
    var scriptNonce: String?

    /// The headers: type and length, and on every response the same safety headers.
    var headers: HTTPHeaders {
        var headers = HTTPHeaders([("Content-Type", contentType), ("Content-Length", String(body.count))])
        for (name, value) in extraHeaders { headers.add(name: name, value: value) }
        for (name, value) in Self.safetyHeaders(scriptNonce: scriptNonce) {
            headers.add(name: name, value: value)
        }
        return headers
    }

    /// Headers every response carries (error answers included).
    ///
    /// The policy allows no remote origin at all. Scripts: only the inline scripts of the page as it
    /// is served, which carry a fresh random nonce (so the scripts of `--templates` run too, and the
    /// live-reload script); inline event handlers, `javascript:` URLs and scripts from anywhere else
    /// are blocked. Styles: `'unsafe-inline'`, deliberately: pages carry a `<style>` element and the
    /// overview sets bar widths in `style` attributes, which hashes cannot cover; CSS cannot run
    /// script, and with every remote origin blocked it cannot send anything anywhere.
    static func safetyHeaders(scriptNonce: String?) -> [(String, String)] {
        let scripts = scriptNonce.map { "'nonce-\($0)'" } ?? "'none'"
        let policy =
            "default-src 'none'; script-src \(scripts); style-src 'unsafe-inline'; img-src 'self' data:; "
            + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        return [
            ("Content-Security-Policy", policy),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("Cache-Control", "no-store"),
        ]
    }

    static func plain(_ status: HTTPResponseStatus, _ text: String) -> PreviewResponse {
        PreviewResponse(status: status, body: Array((text + "\n").utf8))
    }

    static let notFound = plain(.notFound, "not found")
    static let badRequest = plain(.badRequest, "bad request")
}

/// Answers requests from the output folder: regular files inside it only (after resolving symbolic
/// links), never hidden ones, to GET and HEAD only, asked for by this machine's name.
struct PreviewResponder: Sendable {
    /// The output folder.
    let folder: String
    /// The port served on, which a request's `Host` names.
    let port: UInt16

    /// Served at `/__pm-render/version`: the number of the latest successful render.
    static let versionPath = ["__pm-render", "version"]

    /// Polls the version every second and reloads the page when a render newer than the page (served
    /// at `version`) has been written.
    static func reloadScript(version: Int) -> String {
        """
        <script>(function () {
          var seen = "\(version)";
          setInterval(function () {
            fetch("/__pm-render/version", { cache: "no-store" })
              .then(function (r) { return r.text(); })
              .then(function (v) { if (v !== seen) { location.reload(); } })
              .catch(function () {});
          }, 1000);
        })();</script>
        """
    }

    /// Whether a request's `Host` names this server as a browser on this machine names it: `127.0.0.1:PORT` or
    /// `localhost:PORT` (no port for port 80), in any case. A page elsewhere whose own name an attacker points at
    /// 127.0.0.1 (DNS rebinding) sends its own name, and is refused, so it cannot read the preview. A request with
    /// no `Host` (HTTP/1.0, no browser) is answered.
    func acceptsHost(_ host: String?) -> Bool {
        guard let host = host?.lowercased() else { return true }
        let names = ["127.0.0.1", "localhost"]
        return names.contains { host == "\($0):\(port)" || (port == 80 && host == $0) }
    }

    func respond(method: HTTPMethod, uri: String, host: String?, version: Int) -> PreviewResponse {
        guard acceptsHost(host) else {
            return .plain(.misdirectedRequest, "this preview answers to http://127.0.0.1:\(port)/ only")
        }
        guard method == .GET || method == .HEAD else {
            var response = PreviewResponse.plain(.methodNotAllowed, "method not allowed")
            response.extraHeaders = [("Allow", "GET, HEAD")]
            return response
        }
        let target: RequestTarget
        switch RequestTarget.parse(uri) {
        case .success(let parsed): target = parsed
        case .failure(.hidden): return .notFound
        case .failure(.malformed): return .badRequest
        }
        if target.segments == Self.versionPath, !target.isFolder {
            return PreviewResponse(status: .ok, body: Array(String(version).utf8))
        }
        return file(target, version: version)
    }

    /// The file `target` names, or its folder's `index.html`; pages get the reload script for `version`.
    func file(_ target: RequestTarget, version: Int) -> PreviewResponse {
        guard let root = Self.realPath(folder) else { return .notFound }
        guard var path = Self.resolve(target.segments.map { "/" + $0 }.joined(), in: root) else { return .notFound }
        var info = stat()
        guard stat(path, &info) == 0 else { return .notFound }
        if info.st_mode & S_IFMT == S_IFDIR {
            // `/sub` → `/sub/`, so that the page's relative links work.
            guard target.isFolder || target.segments.isEmpty else {
                var response = PreviewResponse.plain(.movedPermanently, "moved")
                response.extraHeaders = [
                    ("Location", RequestTarget(segments: target.segments, isFolder: true).location)
                ]
                return response
            }
            guard let index = Self.resolve(String(path.dropFirst(root.count)) + "/index.html", in: root),
                stat(index, &info) == 0
            else { return .notFound }
            path = index
        } else if target.isFolder {
            return .notFound
        }
        guard info.st_mode & S_IFMT == S_IFREG, let data = FileManager.default.contents(atPath: path) else {
            return .notFound
        }
        let type = Self.contentType(of: path)
        guard type.hasPrefix("text/html") else {
            return PreviewResponse(status: .ok, contentType: type, body: Array(data))
        }
        var page = Array(data)
        if let end = Self.lastRange(of: Array("</body>".utf8), in: page) {
            page.insert(contentsOf: Array((Self.reloadScript(version: version) + "\n").utf8), at: end)
        }
        let nonce = Self.makeNonce()
        return PreviewResponse(
            status: .ok, contentType: type, body: Self.addingNonce(nonce, to: page), scriptNonce: nonce)
    }

    /// The real path of `root + relative` when it is inside `root` and nothing on the way below
    /// `root` (links followed) is hidden; nil otherwise, or when it does not exist.
    static func resolve(_ relative: String, in root: String) -> String? {
        guard let real = realPath(root + relative) else { return nil }
        guard real == root || real.hasPrefix(root + "/") else { return nil }
        let inside = real.dropFirst(root.count).split(separator: "/")
        guard !inside.contains(where: { $0.hasPrefix(".") }) else { return nil }
        return real
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The type of every kind of file a site holds.
    static func contentType(of path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "html", "htm": return "text/html; charset=utf-8"
        case "ics": return "text/calendar; charset=utf-8"
        case "json": return "application/json"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "ico": return "image/x-icon"
        case "css": return "text/css; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "txt", "md": return "text/plain; charset=utf-8"
        case "xml": return "application/xml"
        case "pdf": return "application/pdf"
        case "woff2": return "font/woff2"
        default: return "application/octet-stream"
        }
    }

    /// 128 random bits, base64: a nonce no page can guess.
    static func makeNonce() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
    }

    /// The page with ` nonce="…"` added to every inline `<script>` tag (those without `src`).
    static func addingNonce(_ nonce: String, to page: [UInt8]) -> [UInt8] {
        let open = Array("<script".utf8)
        let attribute = Array(" nonce=\"\(nonce)\"".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(page.count + 256)
        var from = 0
        while let start = firstRange(of: open, in: page, from: from) {
            let nameEnd = start + open.count
            guard let tagEnd = page[nameEnd...].firstIndex(of: UInt8(ascii: ">")) else { break }
            out += page[from..<nameEnd]
            // `<script>` or `<script …>`, not `<scripts>`; external scripts are not the page's own.
            let next = page[nameEnd]
            let isTag = next == UInt8(ascii: ">") || next == UInt8(ascii: " ") || next == UInt8(ascii: "\n")
            let tag = String(decoding: page[nameEnd..<tagEnd], as: UTF8.self).lowercased()
            if isTag, !tag.contains("src=") { out += attribute }
            from = nameEnd
        }
        out += page[from...]
        return out
    }

    /// Where `needle` (ASCII, lower case) first occurs in `bytes` from `from`, ignoring ASCII case.
    static func firstRange(of needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var index = from
        while index <= bytes.count - needle.count {
            var matched = true
            for offset in 0..<needle.count where bytes[index + offset] | 0x20 != needle[offset] | 0x20 {
                matched = false
                break
            }
            if matched { return index }
            index += 1
        }
        return nil
    }

    static func lastRange(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var index = bytes.count - needle.count
        while index >= 0 {
            if bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index -= 1
        }
        return nil
    }
}
