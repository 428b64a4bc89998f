import Foundation

/// The `inspect --json` spelling of a 3-vector.
func jsonVector<T: BinaryFloatingPoint>(_ v: SIMD3<T>) -> JSONValue { .floats([Float(v.x), Float(v.y), Float(v.z)]) }

/// The `inspect` spelling of a 3-vector.
func textVector(_ v: SIMD3<Float>) -> String { "\(v.x), \(v.y), \(v.z)" }
