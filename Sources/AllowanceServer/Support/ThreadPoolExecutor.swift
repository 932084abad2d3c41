import NIOPosix

/// Swift's tasks run on a thread pool's threads (with `withTaskExecutorPreference`).
final class ThreadPoolExecutor: TaskExecutor {
    private let threadPool: NIOThreadPool

    init(threadPool: NIOThreadPool) { self.threadPool = threadPool }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        // Run even when the pool is shutting down: a task left unrun would never finish.
        threadPool.submit { _ in job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
