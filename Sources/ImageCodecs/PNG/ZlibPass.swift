import CZlib

/// One zlib pass (inflate or deflate) over a whole input into a whole output buffer: the
/// buffer plumbing the CgBI reader and the zlib PNG compressor share.
enum ZlibPass {
    /// Points `stream` at `input` and `output` and runs `operation` with `Z_FINISH`; returns
    /// zlib's status (`stream.avail_out` tells how much of `output` is left).
    static func run(
        _ stream: inout z_stream, input: [UInt8], output: inout [UInt8],
        _ operation: (UnsafeMutablePointer<z_stream>, Int32) -> Int32
    ) -> Int32 {
        var input = input
        return input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = UInt32(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = UInt32(outBuffer.count)
                return operation(&stream, Z_FINISH)
            }
        }
    }
}
