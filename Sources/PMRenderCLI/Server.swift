import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import PMRender

/// `--serve PORT`: serves the output folder on 127.0.0.1 with live reload, for local preview only.
/// The reload script is added to HTML as it is served, never to the files written. What is served
/// and how is `PreviewResponder`'s business; this is the connection handling.
struct PreviewServer: Sendable {
    let folder: String
    let port: UInt16
    let version: ReloadVersion

    /// How long a client has to send each request, whole (from connecting, or from the previous response).
    static let requestTimeout = TimeAmount.seconds(10)
    /// How long a client has to take a response.
    static let responseTimeout = TimeAmount.seconds(60)

    typealias Connection = NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>
    typealias Listener = NIOAsyncChannel<Connection, Never>

    /// Listens on 127.0.0.1 only (`::1`, which "localhost" may resolve to, is not listened on), so that
    /// a port in use is reported before anything else happens.
    func bind() async throws(ServeError) -> Listener {
        do {
            return try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .serverChannelOption(.backlog, value: 256)
                .bind(host: "127.0.0.1", port: Int(port)) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let pipeline = channel.pipeline.syncOperations
                        try pipeline.configureHTTPServerPipeline(withErrorHandling: false)
                        try pipeline.addHandler(BadRequestAnswer())
                        try pipeline.addHandler(
                            RequestDeadline(request: Self.requestTimeout, response: Self.responseTimeout))
                        return try Connection(wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            throw ServeError(port: port, error: error)
        }
    }

    /// Answers connections until cancelled.
    func serve(_ listener: Listener) async throws {
        Output.error(
            "pm-render: serving \(DiagnosticPrinter.sanitized(folder)) on http://127.0.0.1:\(port)/ with live reload")
        let responder = PreviewResponder(folder: folder, port: port)
        // A discarding group: finished connections are not kept.
        try await withThrowingDiscardingTaskGroup { group in
            try await listener.executeThenClose { connections in
                for try await connection in connections {
                    group.addTask { await answer(connection, responder) }
                }
            }
        }
    }

    /// Answers the requests of one connection until the client closes it, asks to, or is too slow.
    private func answer(_ connection: Connection, _ responder: PreviewResponder) async {
        // A broken or timed-out connection is the client's business; the server goes on.
        try? await connection.executeThenClose { requests, responses in
            var head: HTTPRequestHead?
            for try await part in requests {
                switch part {
                case .head(let request):
                    head = request
                case .body:
                    continue  // only GET and HEAD are served: a body is read and dropped
                case .end:
                    guard let request = head else { continue }
                    head = nil
                    // (Several `Host` fields are no request of a browser: the first is judged.)
                    let response = responder.respond(
                        method: request.method, uri: request.uri, host: request.headers["Host"].first,
                        version: await version.value)
                    var headers = response.headers
                    if !request.isKeepAlive { headers.add(name: "Connection", value: "close") }
                    try await responses.write(
                        .head(HTTPResponseHead(version: request.version, status: response.status, headers: headers)))
                    if request.method != .HEAD, !response.body.isEmpty {
                        try await responses.write(.body(.byteBuffer(ByteBuffer(bytes: response.body))))
                    }
                    try await responses.write(.end(nil))
                    if !request.isKeepAlive { return }
                }
            }
        }
    }
}

/// The number of the latest successful render, which the live-reload script polls.
actor ReloadVersion {
    private(set) var value = 0

    func advance() {
        value += 1
    }
}

/// Why the server could not start (exit status 2).
struct ServeError: Error, CustomStringConvertible {
    let port: UInt16
    let code: Int32?

    init(port: UInt16, error: any Error) {
        self.port = port
        code = (error as? IOError)?.errnoCode
    }

    var description: String {
        let reason: String
        switch code {
        case EADDRINUSE?: reason = "the port is already in use (is another preview running?)"
        case EACCES?: reason = "permission denied (ports below 1024 need privileges)"
        case EADDRNOTAVAIL?: reason = "127.0.0.1 is not available on this machine"
        case let code?: reason = FileProblem(errno: code).message
        case nil: reason = "the server could not start"
        }
        return "cannot serve on 127.0.0.1:\(port): \(reason)"
    }
}
