import Glibc
import ImageCodecs

// The Lottie worker: rlottie parses and draws one animation in this process, under the hard
// limits the command sends, and only pixels go back (docs/robustness.md, "Lottie"). Started by
// the library with `__lottie-worker` and a socket as standard input and output; not a command.
guard CommandLine.arguments.dropFirst().first == LottieWorker.argument else {
    let line = "refresh-lottie-worker: draws Lottie frames for refresh-render and the library; it is not run by hand\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(64)
}
LottieWorker.serve()
