import OrchardJobs

/// Wearbloom's jobs, run by the platform's worker over the services the routes use.
///
/// A garment's background is removed a moment after its photo is stored; a render is drawn the
/// moment it is requested (the request rings the worker); an onboarding nobody claimed is erased
/// when its token expires; every hour, one process sweeps away what crashed uploads left behind
/// (its done rows are not kept). A render's run is mostly waiting on its provider, so many run at
/// once; its lease outlasts its budget briefly, so a render whose worker died is taken up again
/// (and finished or failed) within seconds. Removals run two at a time, as many as the image
/// processor decodes at once.
struct WearbloomJobs: Sendable {
  let services: WearbloomServices

  var kinds: [JobKind] {
    let wardrobe = services.wardrobe
    let tryOn = services.tryOn
    let onboarding = services.onboarding
    let sweep = services.sweep
    let budget = Duration.milliseconds(Int64(tryOn.budget * 1_000))
    return [
      JobKind(WardrobeService.removalJob, concurrency: 2, timeout: .seconds(120)) { job in
        try await wardrobe.removeBackground(of: job.key)
      },
      JobKind(TryOnService.renderJob, concurrency: 16, timeout: budget + .seconds(5), firstRetry: 1, leaseMargin: 5) {
        job in try await tryOn.run(job.key)
      },
      JobKind(OnboardingService.expiryJob, concurrency: 1, timeout: .seconds(120)) { job in
        try await onboarding.expire(job.key, tryOn: tryOn)
      },
      JobKind(ImageSweep.job, concurrency: 1, timeout: .seconds(600), firstRetry: 60, forgetsWhenDone: true) { _ in
        try await sweep.run()
      },
    ]
  }
}
