#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks, before the server starts, that its address can be bound, so a busy port is one
/// plain sentence rather than the network stack's bind error. (A port taken between the probe
/// and the real bind still fails, with that error.)
enum PortProbe {
    /// Why `serve` cannot listen where it was asked to.
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    static func check(host: String, port: Int) throws(Unavailable) {
        guard port != 0 else { return }  // any free port
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            throw Unavailable(description: "--host \(host) is not an address this machine can listen on")
        }
        defer { freeaddrinfo(list) }
        let fd = socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
        guard fd >= 0 else { return }  // let the server report it
        defer { close(fd) }
        // As the server binds: reuse allowed, so a port in TIME_WAIT does not count as busy.
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        if bind(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) != 0 {
            switch errno {
            case EADDRINUSE: throw Unavailable(description: "port \(port) is in use; choose another with --port")
            case EACCES: throw Unavailable(description: "port \(port) needs privileges; choose one above 1023 with --port")
            case EADDRNOTAVAIL: throw Unavailable(description: "--host \(host) is not an address of this machine")
            default: return
            }
        }
    }
}
