import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import BrainServer

/// The connection-level rows of the bad-input table, sent as raw bytes (URLSession would not
/// send them): what comes back, and whether the server closes the connection (it must not hold it).
@Suite(.serialized) struct ConnectionRulesTests {
    /// The bytes the server sends for `request`, and whether it closed the connection within 20 s
    /// of its first byte. The first byte may take longer: on a busy 2-core machine the suite's
    /// long synchronous tests can hold the threads the server's handlers run on.
    static func exchange(_ request: [UInt8], port: Int) throws -> (reply: String, closed: Bool) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        func wait(seconds: Int) {
            var wait = timeval(tv_sec: seconds, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        }
        wait(seconds: 120)
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n == 0 { return (String(decoding: reply, as: UTF8.self), true) }
            if n < 0 { return (String(decoding: reply, as: UTF8.self), false) }  // timed out: still open
            // Once answered, well under the server's 30 s idle timeout, so "closed" means closed
            // after the answer.
            if reply.isEmpty { wait(seconds: 20) }
            reply += buffer[0..<n]
        }
    }

    static func body(_ reply: String) -> String {
        reply.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
    }

    @Test func unparsableRequestsGetAJSONErrorAndAClose() async throws {
        let server = try await TestServer.shared.value
        let long = Array("GET /\(String(repeating: "a", count: 100_000)) HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        let unknown = Array("FOO /healthz HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        for request in [long, unknown] {
            let (reply, closed) = try Self.exchange(request, port: server.port)
            #expect(reply.hasPrefix("HTTP/1.1 400 "), "\(reply.prefix(80))")
            let json = try JSONSerialization.jsonObject(with: Data(Self.body(reply).utf8)) as? [String: Any]
            #expect((json?["error"] as? String)?.isEmpty == false, "\(reply.prefix(200))")
            #expect(closed)
        }
    }

    @Test func connectIs405AndClosed() async throws {
        let server = try await TestServer.shared.value
        let (reply, closed) = try Self.exchange(Array("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n".utf8),
                                                port: server.port)
        #expect(reply.hasPrefix("HTTP/1.1 405 "), "\(reply.prefix(80))")
        #expect(reply.lowercased().contains("allow: get, head"))
        #expect(closed)
    }

    @Test func http10IsAnsweredAs10AndClosedUnlessKeptAlive() async throws {
        let server = try await TestServer.shared.value
        let (reply, closed) = try Self.exchange(Array("GET /healthz HTTP/1.0\r\n\r\n".utf8), port: server.port)
        #expect(reply.hasPrefix("HTTP/1.0 200 "), "\(reply.prefix(80))")
        #expect(Self.body(reply).contains("\"status\":\"ok\""))
        #expect(closed)
        // HTTP/1.1 with Connection: close is closed too.
        let (eleven, closedToo) = try Self.exchange(Array("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8),
                                                    port: server.port)
        #expect(eleven.hasPrefix("HTTP/1.1 200 ") && closedToo)
    }

    @Test func aParameterGivenTwiceIsRefused() async throws {
        let server = try await TestServer.shared.value
        let reply = try await server.get("/api/render?w=100&h=80&w=200")
        #expect(reply.status == 400 && reply.errorMessage == "w: parameter given twice")
    }

    /// /healthz says where memory is: the cache within its limit, and the process's resident size.
    @Test func healthReportsMemory() async throws {
        let server = try await TestServer.shared.value
        _ = try await server.get("/api/render?w=200&h=150&shading=flat")
        let health = try #require(try await server.get("/healthz").json as? [String: Any])
        let memory = try #require(health["memory"] as? [String: Any])
        let cache = try #require(memory["cacheBytes"] as? Int), limit = try #require(memory["cacheLimitBytes"] as? Int)
        // A 200×150 scene keeps its index image (4 bytes a pixel) and its PNG.
        #expect(cache >= 200 * 150 * 4 && cache <= limit)
        #expect((memory["residentBytes"] as? Int ?? 0) > cache)
    }
}
